/**
 * npm run bench:compare -- --against=<commit>: this checkout against another commit, scenario by
 * scenario, on the same rows (docs/PERFORMANCE.md, "Comparing two commits").
 *
 * Whole benchmark runs one after another drift too much on a shared machine to settle a 10%
 * question, so both commits run at once, each pinned to the same core on its own copy of one seed,
 * and wrk (on the other core) loads one of them at a time in short bursts, alternating which goes
 * first every round. The figure per scenario is the median of the per-round ratios.
 *
 * 1. The other commit is checked out in data/bench/against-<sha> (git worktree, npm ci) and seeds
 *    its own SQLite file with its own bench/run.ts (the older seed, so that both read the same rows).
 * 2. A copy of that file is migrated forward by this checkout's migrations; both files are VACUUMed
 *    (a file migrated in place is fragmented, which alone costs writes about 10%).
 * 3. Rounds of bursts as above; bookings go to days no earlier burst used, on each side.
 *
 * Flags: --against=<commit> (required), --scenarios=a,b (default create,getById), --rounds=6,
 * --burst=5s, --warmup=2s, --connections=50, --aa (the other commit against a second copy of its
 * own file instead of this checkout: the bias of the method itself, which should be near 0%),
 * --cpu-prof (profile both services; their summaries and the requests each served are printed, so
 * that a cost can be put per request), --service-env=KEY=VALUE,... (settings of the second service
 * only: with --against=HEAD --aa, one setting against the default on the same code, e.g.
 * METRICS_TOKEN for what serving /metrics costs).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { TokenService } from '../src/caller/tokens.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { drain, freePort, LOAD_CORE, median, secondsOf, SERVICE_CORE, serviceEnv, startService, stop, waitFor } from './processes.ts';
import { summarise } from './profile-summary.ts';
import { chooseScenarios, firstFreeDay, firstUnbilledAdmission, unexpectedErrors, type RunState, type Scenario } from './scenarios.ts';
import { BENCH_SECRET, readMeta } from './seed.ts';
import { ensureWrk, runWrk, writeScript } from './wrk.ts';

const { values: flags } = parseArgs({
  options: {
    against: { type: 'string' },
    scenarios: { type: 'string', default: 'create,getById' },
    rounds: { type: 'string', default: '6' },
    burst: { type: 'string', default: '5s' },
    warmup: { type: 'string', default: '2s' },
    connections: { type: 'string', default: '50' },
    aa: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    'service-env': { type: 'string', default: '' },
  },
});

const BURST = secondsOf(flags.burst);
const WARMUP = secondsOf(flags.warmup);
const ROUNDS = Number(flags.rounds);
const CONNECTIONS = Number(flags.connections);
const WORK = resolve('data/bench');
const PROFILES = join(WORK, 'profiles');

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const say = (text: string) => process.stderr.write(`${text}\n`);

/** A checked-out commit with its dependencies installed. */
function checkout(commit: string): { sha: string; dir: string } {
  const sha = git('rev-parse', '--verify', `${commit}^{commit}`);
  const dir = join(WORK, `against-${sha.slice(0, 12)}`);
  if (!existsSync(join(dir, 'package.json'))) {
    say(`checking out ${sha.slice(0, 12)} in ${dir}...`);
    git('worktree', 'add', '--detach', '--force', dir, sha);
  }
  if (!existsSync(join(dir, 'node_modules'))) {
    say('npm ci in the other checkout...');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return { sha, dir };
}

/** The other checkout's seeded SQLite file, seeded by its own benchmark when it has none. */
function seededFile(dir: string): string {
  const find = () => readdirSync(join(dir, 'data/bench'), { withFileTypes: true }).find((f) => f.isFile() && /^bench-v\d+\.db$/.test(f.name))?.name;
  if (!existsSync(join(dir, 'data/bench')) || !find()) {
    say('seeding with the other commit\'s own benchmark (a few minutes)...');
    execFileSync(process.execPath, ['bench/run.ts', '--db=sqlite', '--scenarios=getById', '--no-bare', '--duration=1s', '--warmup=0s', '--probe=0s'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const name = find();
  if (!name) throw new Error(`no seeded file in ${dir}/data/bench`);
  return join(dir, 'data/bench', name);
}

function vacuum(path: string): void {
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    db.exec('VACUUM');
  } finally {
    db.close();
  }
}

/** Written when a copy is ready; newer than the seed while the pair is comparable. */
const markerOf = (copy: string) => `${copy}.ready`;

/**
 * A copy of the seeded file for the other side, migrated (unless it is the other commit's too)
 * and VACUUMed; made again when the seed changed since the copy's last run (bench:compare's own
 * bookings excepted).
 */
async function copyFor(seed: string, copy: string, migrate: boolean): Promise<void> {
  const marker = markerOf(copy);
  if (existsSync(copy) && existsSync(marker) && statSync(marker).mtimeMs > statSync(seed).mtimeMs) return;
  say(`copying ${seed} to ${copy}${migrate ? ', migrating it' : ''} and VACUUMing both (a few minutes)...`);
  for (const f of [copy, `${copy}-wal`, `${copy}-shm`, marker]) rmSync(f, { force: true });
  vacuum(seed);
  copyFileSync(seed, copy);
  if (migrate) {
    const database = openDatabase(`sqlite:${copy}`);
    await migrateToLatest(database.db);
    await database.close();
    vacuum(copy);
  }
  writeFileSync(marker, '');
}

/** Reads of a seeded file through this checkout's database layer (the other commit's schema is a subset). */
async function readSeeded<T>(path: string, read: (db: Db) => Promise<T>): Promise<T> {
  const database = openDatabase(`sqlite:${path}`);
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

interface Side {
  label: string;
  base: string;
  state: RunState;
  /** every request it served, warm-ups included */
  served: number;
  profile?: string;
}

async function burst(side: Side, scenario: Scenario, token: string, seconds: number): Promise<number> {
  const made = scenario.body(side.state);
  const script = writeScript(join(WORK, 'lua'), `compare-${side.label}-${scenario.name}`, token, made.lua);
  const r = await runWrk({ script, url: `${side.base}/api`, connections: CONNECTIONS, seconds, core: LOAD_CORE });
  made.after?.(r);
  side.served += r.requests;
  await drain(side.base);
  const failed = unexpectedErrors(scenario, r);
  if (failed > 0) say(`  ${side.label} ${scenario.name}: ${failed} failed requests; first: ${r.sample}`);
  return r.rps;
}

const pct = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;

if (!flags.against) {
  say('usage: npm run bench:compare -- --against=<commit> [--scenarios=create,getById] [--rounds=6] [--burst=5s] [--aa]');
  process.exit(2);
}
ensureWrk();
mkdirSync(WORK, { recursive: true });
const other = checkout(flags.against);
const seed = seededFile(other.dir);
const copy = join(WORK, `compare-${other.sha.slice(0, 12)}${flags.aa ? '-aa' : ''}.db`);
await copyFor(seed, copy, !flags.aa);
const meta = await readMeta({ kind: 'sqlite', path: seed, serviceUrl: `sqlite:${seed}` });
if (!meta) throw new Error(`${seed} has no benchMeta`);
const scenarios = chooseScenarios(flags.scenarios);

const config = loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: BENCH_SECRET, AUTH_TOKEN_TTL_SECONDS: '86400', LOG_LEVEL: 'warn' });
const token = (await new TokenService(config).issue(meta.adminIdpUserId)).accessToken;

const withEnv = flags['service-env'] ? ` with ${Object.keys(serviceEnv(flags['service-env'])).join(', ')}` : '';
const thisLabel = (flags.aa ? `${other.sha.slice(0, 12)} (copy)` : `this checkout (${git('rev-parse', '--short=12', 'HEAD')})`) + withEnv;
const sides: Side[] = [];
const services = [];
try {
  for (const [label, cwd, file] of [
    [other.sha.slice(0, 12), other.dir, seed],
    [thisLabel, flags.aa ? other.dir : process.cwd(), copy],
  ] as const) {
    const port = await freePort();
    const profile = flags['cpu-prof'] ? `compare-${sides.length}-${Date.now()}.cpuprofile` : undefined;
    if (profile) mkdirSync(PROFILES, { recursive: true });
    const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${PROFILES}`, `--cpu-prof-name=${profile}`] : [];
    const env = sides.length === 1 ? serviceEnv(flags['service-env']) : {};
    const service = startService({ cwd, databaseUrl: `sqlite:${file}`, secret: BENCH_SECRET, port, core: SERVICE_CORE, nodeArgs, env });
    services.push(service);
    await waitFor(`http://127.0.0.1:${port}/ready`, service, 300_000);
    const nextDay = await readSeeded(file, firstFreeDay);
    const nextAdmission = await readSeeded(file, (db) => firstUnbilledAdmission(db, meta));
    sides.push({ label, base: `http://127.0.0.1:${port}`, state: { meta, nextDay, nextAdmission }, served: 0, ...(profile ? { profile: join(PROFILES, profile) } : {}) });
  }
  // bookings of both sides start on the same day, so that neither books into a busier index range
  const day = Math.max(...sides.map((s) => s.state.nextDay));
  const admission = Math.max(...sides.map((s) => s.state.nextAdmission));
  for (const s of sides) Object.assign(s.state, { nextDay: day, nextAdmission: admission });

  const lines: string[] = [];
  for (const scenario of scenarios) {
    say(`${scenario.name}: warm-up ${WARMUP} s each, then ${ROUNDS} rounds of ${BURST} s bursts...`);
    for (const side of sides) if (WARMUP > 0) await burst(side, scenario, token, WARMUP);
    const ratios: number[] = [];
    const rps: [number[], number[]] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      const got: number[] = [];
      for (const i of order) got[i] = await burst(sides[i]!, scenario, token, BURST);
      rps[0].push(got[0]!);
      rps[1].push(got[1]!);
      ratios.push(got[1]! / got[0]!);
      say(`  round ${round + 1}: ${Math.round(got[0]!)} vs ${Math.round(got[1]!)} req/s (${pct(got[1]! / got[0]!)})`);
    }
    lines.push(`| ${scenario.name} | ${Math.round(median(rps[0]))} | ${Math.round(median(rps[1]))} | ${pct(median(ratios))} | ${ratios.map(pct).join(' ')} |`);
  }
  console.log(`\n${sides[1]!.label} against ${sides[0]!.label}: ${ROUNDS} alternating rounds of ${BURST} s at ${CONNECTIONS} connections, SQLite, req/s\n`);
  console.log(`| scenario | ${sides[0]!.label} (median) | ${sides[1]!.label} (median) | median of the ratios | per round |`);
  console.log('|---|---:|---:|---:|---|');
  for (const line of lines) console.log(line);
} finally {
  for (const service of services) await stop(service);
}
// Both files took bookings; the pair stays comparable, so the copy is kept for the next run.
if (existsSync(markerOf(copy))) utimesSync(markerOf(copy), new Date(), new Date());
for (const side of sides.filter((s) => s.profile)) {
  console.log(`\n## ${side.label}: ${side.served} requests served in all\n${existsSync(side.profile!) ? summarise(side.profile!, 30) : 'no profile was written'}`);
}
