/**
 * npm run bench: the service under load at realistic scale (issue 8; docs/PERFORMANCE.md).
 *
 * 1. Seeds (or reuses) a database: 1,000 organizations, 1,000,100 appointments, 1,000,100
 *    notifications, 100,000 inventory items with batches and a ledger, 20,000 admissions with 20
 *    charges each, 100,000 foods (bench/seed.ts).
 * 2. Baselines: a bare Fastify route (bench/bare-server.ts) over HTTP, and getById's read as one
 *    prepared statement without HTTP (bench/storage-baseline.ts).
 * 3. Starts the service (node src/main.ts, NODE_ENV=production) pinned to one core and drives it with
 *    wrk pinned to the other, one scenario after another, sampling its resident memory.
 * 4. Checks the invariants (stock ledger balanced, no double booking, invoice numbers gapless) and prints the table.
 *
 * Flags: --db=sqlite|postgres|sqlite,postgres (default sqlite; PostgreSQL at DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test, schema bench_v1), --scenarios=a,b (default all),
 * --duration=10s, --warmup=2s, --connections=50, --reseed, --scale=1, --cpu-prof (profile the
 * service; the summary is printed at the end, and the share of its CPU time in the metrics), --no-bare, --node-args="..." (flags for the service's node),
 * --service-env=KEY=VALUE,... (settings of the service, e.g. to measure one against its default).
 */
import { spawn } from 'node:child_process';
import { closeSync, fdatasyncSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { TokenService } from '../src/caller/tokens.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Db } from '../src/db/database.ts';
import { cleanEnv, drain, freePort, LOAD_CORE, median, secondsOf, SERVICE_CORE, serviceEnv, startService, stop, waitFor } from './processes.ts';
import { memorySplit, type MemorySplit } from './memory-split.ts';
import { inclusiveShare, summarise } from './profile-summary.ts';
import { chooseScenarios, envelope, firstFreeDay, firstUnbilledAdmission, unexpectedErrors, type RunState, type Scenario } from './scenarios.ts';
import { BENCH_PG_URL, BENCH_SECRET, ensureSeeded, targetFor, topUpAdmissions, type DbKind, type Meta, type Target } from './seed.ts';
import { ensureWrk, rotating, runWrk, writeScript, type WrkResult } from './wrk.ts';

const { values: flags } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    scenarios: { type: 'string', default: '' },
    duration: { type: 'string', default: '10s' },
    warmup: { type: 'string', default: '2s' },
    probe: { type: 'string', default: '3s' },
    connections: { type: 'string', default: '50' },
    reseed: { type: 'boolean', default: false },
    scale: { type: 'string', default: '1' },
    'cpu-prof': { type: 'boolean', default: false },
    'no-bare': { type: 'boolean', default: false },
    'node-args': { type: 'string', default: '' },
    'service-env': { type: 'string', default: '' },
  },
});

const DURATION = secondsOf(flags.duration);
const WARMUP = secondsOf(flags.warmup);
const PROBE = secondsOf(flags.probe);
const CONNECTIONS = Number(flags.connections);
const SCALE = Number(flags.scale);
const SECRET = BENCH_SECRET;
/** The unbilled admissions the invoice scenario may need in one run: ~600 req/s over its warm-up, probe and run (more are seeded when fewer are left). */
const INVOICES_PER_RUN = 12_000;
const PG_URL = BENCH_PG_URL;
const WORK = resolve('data/bench');
const LUA = join(WORK, 'lua');
const PROFILES = join(WORK, 'profiles');
/** The metrics' code: what the service runs to count requests, commits and jobs (and, where /metrics is served, the process metrics). */
const isMetrics = (url: string) => url.endsWith('/src/telemetry/metrics.ts') || url.includes('/node_modules/prom-client/');

const chosen = chooseScenarios(flags.scenarios);

/** Peak resident memory of a process, sampled from /proc/<pid>/status. */
class RssSampler {
  readonly #pid: number;
  readonly #timer: NodeJS.Timeout;
  peak = 0;
  window = 0;

  constructor(pid: number) {
    this.#pid = pid;
    this.#timer = setInterval(() => this.sample(), 100);
  }

  sample(): void {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.#pid}/status`, 'utf8'));
      const mib = m ? Number(m[1]) / 1024 : 0;
      this.peak = Math.max(this.peak, mib);
      this.window = Math.max(this.window, mib);
    } catch {
      // the process is gone
    }
  }

  takeWindow(): number {
    this.sample();
    const w = this.window;
    this.window = 0;
    return w;
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

/** CPU time (user + system, every thread) a process has used so far, in ms, from /proc/<pid>/stat. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name; in clock ticks (100 per second)
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

// ---------------------------------------------------------------------------------------------
// measuring

interface Row {
  scenario: string;
  what: string;
  kind: Scenario['kind'] | 'baseline';
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** socket errors + non-2xx answers that were not expected */
  errors: number;
  /** 409 answers in the contended scenarios (CONFLICT / INVALID_STATE: expected) */
  expected: number;
  rssMiB: number;
  sample: string;
  /** one connection (no queueing): req/s and median latency, the cost of one request */
  oneRps?: number;
  oneP50?: number;
  /** the service's CPU time per request answered at full load (us): its cost, whatever else the machine runs */
  cpuUs?: number;
  /** the service's resident memory by kind at the end of the scenario */
  memory?: MemorySplit;
}

function rowOf(s: Pick<Scenario, 'name' | 'what' | 'kind'>, r: WrkResult, rssMiB: number): Row {
  const expected = s.kind === 'contended' ? r.conflict : 0;
  return {
    scenario: s.name,
    what: s.what,
    kind: s.kind,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    requests: r.requests,
    errors: unexpectedErrors(s, r),
    expected,
    rssMiB,
    sample: r.sample,
  };
}

async function bareBaseline(token: string, body: unknown): Promise<Row> {
  const port = await freePort();
  const child = spawn('taskset', ['-c', String(SERVICE_CORE), process.execPath, 'bench/bare-server.ts'], { env: cleanEnv({ PORT: String(port) }), stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitFor(`http://127.0.0.1:${port}/health`, child, 30_000);
    const rss = new RssSampler(child.pid!);
    const script = writeScript(LUA, 'bare', token, rotating([body]));
    if (WARMUP > 0) await runWrk({ script, url: `http://127.0.0.1:${port}/api`, connections: CONNECTIONS, seconds: WARMUP, core: LOAD_CORE });
    const one = PROBE > 0 ? await runWrk({ script, url: `http://127.0.0.1:${port}/api`, connections: 1, seconds: PROBE, core: LOAD_CORE }) : undefined;
    rss.takeWindow();
    const r = await runWrk({ script, url: `http://127.0.0.1:${port}/api`, connections: CONNECTIONS, seconds: DURATION, core: LOAD_CORE });
    const row = rowOf({ name: 'bare Fastify', what: 'constant JSON from a bare Fastify route (HTTP ceiling)', kind: 'read' }, r, rss.takeWindow());
    rss.stop();
    return { ...row, kind: 'baseline', ...(one ? { oneRps: one.rps, oneP50: one.p50 } : {}) };
  } finally {
    await stop(child);
  }
}

async function storageBaseline(target: Target, meta: Meta): Promise<{ readsPerSecond: number }> {
  const samples = join(WORK, 'samples.json');
  writeFileSync(samples, JSON.stringify(meta.appointmentSamples));
  const child = spawn('taskset', ['-c', String(SERVICE_CORE), process.execPath, 'bench/storage-baseline.ts', target.serviceUrl, String(DURATION), samples], {
    env: cleanEnv({}),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((r) => child.on('close', r));
  const line = out.split('\n').find((l) => l.startsWith('BENCHJSON '));
  if (code !== 0 || !line) throw new Error(`storage baseline failed (exit ${String(code)}): ${out}`);
  const { reads, seconds: s } = JSON.parse(line.slice(10)) as { reads: number; seconds: number };
  return { readsPerSecond: reads / s };
}

/**
 * How many durable commits the disk allows one after another: 4 KiB written and fdatasync'ed in a
 * loop for 2 s in the data folder. One fsync per request caps a write scenario near this figure.
 */
function fsyncBaseline(): number {
  const path = join(WORK, 'fsync-probe');
  const fd = openSync(path, 'w');
  const block = Buffer.alloc(4096, 7);
  let n = 0;
  const started = performance.now();
  while (performance.now() - started < 2000) {
    writeSync(fd, block, 0, block.length, (n % 64) * 4096);
    fdatasyncSync(fd);
    n++;
  }
  closeSync(fd);
  rmSync(path, { force: true });
  return n / ((performance.now() - started) / 1000);
}

function benchDb(target: Target): ReturnType<typeof openDatabase> {
  return target.kind === 'sqlite' ? openDatabase(target.serviceUrl) : openDatabase(target.baseUrl!, { pgSchema: target.schema!, poolSize: 2 });
}

interface Invariants {
  itemsOutOfBalance: number;
  hotItem: { quantity: number; batches: number; movements: number; movementRows: number };
  overlappingPairs: number;
  /** billing documents, and the series (organization, prefix, financial year) whose numbers are not exactly 1..n */
  documents: number;
  seriesWithGaps: number;
  seconds: number;
}

async function checkInvariants(db: Db, meta: Meta): Promise<Invariants> {
  const started = performance.now();
  const balance = await sql<{ n: number | string }>`
    select count(*) as n from "inventoryItems" i
    left join (select "inventoryItemId" as item, sum("quantity") as q from "inventoryBatches" group by "inventoryItemId") b on b.item = i.id
    left join (select "inventoryItemId" as item, sum("quantity") as q from "inventoryMovements" group by "inventoryItemId") m on m.item = i.id
    where i."quantity" <> coalesce(b.q, 0) or i."quantity" <> coalesce(m.q, 0)`.execute(db);
  const hot = await sql<{ quantity: number | string; batches: number | string; movements: number | string; rows: number | string }>`
    select i."quantity" as quantity,
      (select sum("quantity") from "inventoryBatches" where "inventoryItemId" = i.id) as batches,
      (select sum("quantity") from "inventoryMovements" where "inventoryItemId" = i.id) as movements,
      (select count(*) from "inventoryMovements" where "inventoryItemId" = i.id) as rows
    from "inventoryItems" i where i.id = ${meta.hotItemId}`.execute(db);
  // Two active appointments of one doctor overlap when one starts inside the other.
  const now = Date.now();
  const active = (t: string) => sql.raw(`${t}."status" not in ('cancelled', 'no_show') and not (${t}."status" = 'pending' and ${t}."holdExpiresAt" is not null and ${t}."holdExpiresAt" <= ${now})`);
  const overlaps = await sql<{ n: number | string }>`
    select count(*) as n from "appointments" a join "appointments" b
      on b."doctorId" = a."doctorId" and b."startMinute" >= a."startMinute" and b."startMinute" < a."endMinute" and b.id <> a.id
    where ${active('a')} and ${active('b')}`.execute(db);
  // A series is gapless when its n documents hold n distinct numbers, the largest n.
  const series = await sql<{ documents: number | string; gapped: number | string }>`
    select coalesce(sum(c), 0) as documents, count(*) filter (where c <> m or d <> c) as gapped
    from (select count(*) as c, count(distinct "sequence") as d, max("sequence") as m from "billingDocuments" group by "organizationId", "series", "financialYear") s`.execute(db);
  const h = hot.rows[0]!;
  return {
    itemsOutOfBalance: Number(balance.rows[0]!.n),
    hotItem: { quantity: Number(h.quantity), batches: Number(h.batches), movements: Number(h.movements), movementRows: Number(h.rows) },
    overlappingPairs: Number(overlaps.rows[0]!.n),
    documents: Number(series.rows[0]!.documents),
    seriesWithGaps: Number(series.rows[0]!.gapped),
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * Waits until the service's jobs due at its start have run (at most a minute): their first run
 * (e.g. autoNoShow reading past appointments from a cold cache, ~0.75 s on one statement) would
 * otherwise fall into the first scenario, most visibly its run at one connection.
 */
async function jobsSettled(target: Target, startedAt: number): Promise<void> {
  const database = benchDb(target);
  try {
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const now = Date.now();
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from "jobs"
        where ("nextRunAt" <= ${startedAt} and ("lastRunAt" is null or "lastRunAt" < ${startedAt})) or "leaseUntil" > ${now}`.execute(database.db);
      if (Number(rows[0]?.n ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    process.stderr.write('  (the service\'s jobs due at start were still running after a minute)\n');
  } finally {
    await database.close();
  }
}

interface DbReport {
  db: DbKind;
  seeded: boolean;
  seedSeconds: number;
  counts: Record<string, number>;
  storageReadsPerSecond: number;
  rows: Row[];
  peakRssMiB: number;
  invariants: Invariants;
  profile?: string;
  /** with --cpu-prof: the share of the service's busy CPU time in the metrics (issue 26) */
  metricsShare?: number;
}

async function runDatabase(kind: DbKind, token: string): Promise<DbReport> {
  const target = targetFor(kind, { reseed: flags.reseed, scale: SCALE }, PG_URL);
  const { meta, seeded } = await ensureSeeded(target, { reseed: flags.reseed, scale: SCALE });
  if (!seeded) process.stderr.write(`${kind}: using the seeded database (seeded in ${meta.seedSeconds} s; --reseed to rebuild)\n`);

  let db = benchDb(target);
  const state: RunState = { meta, nextDay: await firstFreeDay(db.db), nextAdmission: await firstUnbilledAdmission(db.db, meta) };
  for (const scenario of chosen) await scenario.prepare?.(db.db, meta);
  await db.close();
  if (chosen.some((s) => s.name === 'invoice')) await topUpAdmissions(target, meta, (meta.invoiceAdmissionIds ?? []).length - state.nextAdmission, INVOICES_PER_RUN);

  process.stderr.write(`${kind}: storage baseline (${DURATION} s)...\n`);
  const storage = await storageBaseline(target, meta);

  const port = await freePort();
  const profName = `${kind}-${chosen.map((s) => s.name).join('+')}-${Date.now()}.cpuprofile`;
  if (flags['cpu-prof']) mkdirSync(PROFILES, { recursive: true });
  const serviceStarted = Date.now();
  const service = startService({
    databaseUrl: target.serviceUrl,
    secret: SECRET,
    port,
    core: SERVICE_CORE,
    nodeArgs: [...(flags['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${PROFILES}`, `--cpu-prof-name=${profName}`] : []), ...flags['node-args'].split(' ').filter(Boolean)],
    env: serviceEnv(flags['service-env']),
  });
  const rows: Row[] = [];
  const rss = new RssSampler(service.pid!);
  try {
    await waitFor(`http://127.0.0.1:${port}/ready`, service, 300_000);
    await jobsSettled(target, serviceStarted);
    const url = `http://127.0.0.1:${port}/api`;
    const base = `http://127.0.0.1:${port}`;
    const wrkRun = async (scenario: Scenario, label: string, connections: number, secs: number) => {
      const made = scenario.body(state);
      const r = await runWrk({ script: writeScript(LUA, `${kind}-${scenario.name}${label}`, token, made.lua), url, connections, seconds: secs, core: LOAD_CORE });
      made.after?.(r);
      const drained = await drain(base);
      if (drained > 2) process.stderr.write(`  (the service took ${drained.toFixed(1)} s to finish the requests left in flight)\n`);
      return r;
    };
    for (const scenario of chosen) {
      process.stderr.write(`${kind}: ${scenario.name} (warm-up ${WARMUP} s, 1 connection ${PROBE} s, ${CONNECTIONS} connections ${DURATION} s)...\n`);
      if (WARMUP > 0) await wrkRun(scenario, '-warmup', CONNECTIONS, WARMUP);
      const one = PROBE > 0 ? await wrkRun(scenario, '-1conn', 1, PROBE) : undefined;
      rss.takeWindow();
      const cpuBefore = cpuMs(service.pid!);
      const r = await wrkRun(scenario, '', CONNECTIONS, DURATION);
      const cpuUs = r.requests > 0 ? ((cpuMs(service.pid!) - cpuBefore) * 1000) / r.requests : undefined;
      const memory = memorySplit(service.pid!);
      const row = { ...rowOf(scenario, r, rss.takeWindow()), ...(one ? { oneRps: one.rps, oneP50: one.p50 } : {}), ...(cpuUs === undefined ? {} : { cpuUs }), ...(memory ? { memory } : {}) };
      rows.push(row);
      if (row.errors > 0) process.stderr.write(`  ${row.errors} errors; first: ${row.sample}\n`);
      if (r.requests === 0) process.stderr.write(`  no request completed within ${DURATION} s at ${CONNECTIONS} connections\n`);
    }
  } finally {
    await stop(service);
    rss.stop();
  }

  process.stderr.write(`${kind}: checking invariants...\n`);
  db = benchDb(target);
  const invariants = await checkInvariants(db.db, meta);
  await db.close();

  let profile: string | undefined;
  let metricsShare: number | undefined;
  if (flags['cpu-prof']) {
    const file = readdirSync(PROFILES).find((f) => f === profName);
    profile = file ? summarise(join(PROFILES, file), 30) : 'no profile was written';
    if (file) metricsShare = inclusiveShare(join(PROFILES, file), isMetrics);
  }
  return { db: kind, seeded, seedSeconds: meta.seedSeconds, counts: meta.counts, storageReadsPerSecond: storage.readsPerSecond, rows, peakRssMiB: rss.peak, invariants, ...(profile ? { profile, metricsShare } : {}) };
}

// ---------------------------------------------------------------------------------------------
// reporting

const f0 = (n: number) => Math.round(n).toLocaleString('en-US');
const f1 = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const pct = (a: number, b: number) => (b > 0 ? `${((100 * a) / b).toFixed(1)}%` : '-');

function table(report: DbReport, bare: Row | undefined): string {
  const head = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', '409 expected', 'vs bare', 'vs storage', '1 conn: req/s', '1 conn: p50 ms', 'CPU us/req', 'peak RSS MiB'];
  const lines: string[][] = [];
  const none = `>${DURATION * 1000}`;
  const one = (r: Row) => [r.oneRps === undefined ? '-' : f0(r.oneRps), r.oneP50 === undefined ? '-' : f1(r.oneP50), r.cpuUs === undefined ? '-' : f0(r.cpuUs)];
  if (bare) lines.push([bare.scenario, f0(bare.rps), f1(bare.p50), f1(bare.p99), String(bare.errors), '-', '100%', pct(bare.rps, report.storageReadsPerSecond), ...one(bare), f0(bare.rssMiB)]);
  lines.push(['storage (no HTTP)', `${f0(report.storageReadsPerSecond)} reads/s`, '-', '-', '-', '-', bare ? pct(report.storageReadsPerSecond, bare.rps) : '-', '100%', '-', '-', '-', '-']);
  for (const r of report.rows) {
    const done = r.requests > 0;
    lines.push([
      r.scenario,
      done ? f0(r.rps) : '0',
      done ? f1(r.p50) : none,
      done ? f1(r.p99) : none,
      String(r.errors),
      r.kind === 'contended' ? f0(r.expected) : '-',
      bare ? pct(r.rps, bare.rps) : '-',
      pct(r.rps, report.storageReadsPerSecond),
      ...one(r),
      f0(r.rssMiB),
    ]);
  }
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [fmt(head), `|${widths.map((w, i) => (i === 0 ? ':' : '') + '-'.repeat(w + 1) + (i === 0 ? '' : ':')).join('|')}|`, ...lines.map(fmt)].join('\n');
}

function targets(report: DbReport, bare: Row | undefined): string[] {
  const out: string[] = [];
  const by = (name: string) => report.rows.find((r) => r.scenario === name);
  const mark = (ok: boolean) => (ok ? 'REACHED' : 'NOT REACHED');
  const getById = by('getById');
  // issue 29: on SQLite against the bare route, on PostgreSQL against the storage ceiling
  if (getById && bare && report.db === 'sqlite') out.push(`getById >= 35% of bare: ${mark((100 * getById.rps) / bare.rps >= 35)} (${pct(getById.rps, bare.rps)})`);
  if (getById && report.db === 'postgres') out.push(`getById >= 50% of storage: ${mark(getById.rps >= report.storageReadsPerSecond / 2)} (${pct(getById.rps, report.storageReadsPerSecond)})`);
  const create = by('create');
  if (create && bare) out.push(`create >= 20% of bare: ${mark((100 * create.rps) / bare.rps >= 20)} (${pct(create.rps, bare.rps)}, ${f0(create.rps)} req/s)`);
  const invoice = by('invoice');
  if (invoice && create) {
    const share = invoice.rps / create.rps;
    out.push(`invoice within the order of create (>= 1/10 of its req/s): ${mark(invoice.errors === 0 && share >= 0.1)} (${f0(invoice.rps)} req/s, ${(100 * share).toFixed(1)}% of create's)`);
  }
  const keyed = keyedShare(report.rows);
  if (keyed) {
    const cpu = keyed.cpuShare === undefined ? '' : `; CPU per request ${(100 * keyed.cpuShare).toFixed(1)}% of create's`;
    out.push(`Idempotency-Key costs < 5% of create: ${mark(keyed.errors === 0 && keyed.share >= 0.95)} (${(100 * keyed.share).toFixed(1)}% of create's rate${keyed.pairs > 1 ? `, median of ${keyed.pairs} alternated pairs` : ''}${cpu})`);
  }
  if (report.metricsShare !== undefined) {
    const scenarios = report.rows.map((r) => r.scenario).join(', ');
    out.push(`metrics cost < 5% of the service's CPU: ${mark(report.metricsShare < 0.05)} (${(100 * report.metricsShare).toFixed(2)}% of its busy time in src/telemetry/metrics.ts and prom-client, CPU profile of ${scenarios})`);
  }
  // issue 29: every read's p99 under 50 ms (100 on PostgreSQL); slot search and lists under 20 ms on SQLite
  const readBound = report.db === 'sqlite' ? 50 : 100;
  for (const r of report.rows.filter((x) => x.kind === 'read')) {
    const bound = report.db === 'sqlite' && (r.scenario === 'findSlots' || isList(r.scenario)) ? 20 : readBound;
    out.push(`${r.scenario} p99 < ${bound} ms: ${mark(r.requests > 0 && r.p99 < bound)} (${r.requests > 0 ? `${f1(r.p99)} ms` : `no request completed in ${DURATION} s`})`);
  }
  for (const r of report.rows.filter((x) => isList(x.scenario))) {
    // the cost of one request, at one connection when measured
    if (!getById) break;
    const [a, b, how] = getById.oneRps && r.oneRps ? [getById.oneRps, r.oneRps, '1 connection'] : [getById.rps, r.rps, `${CONNECTIONS} connections`];
    out.push(`${r.scenario} within 1.5x of getById's cost: ${mark(r.errors === 0 && b > 0 && a / b <= 1.5)} (${b > 0 ? (a / b).toFixed(2) : '∞'}x, ${how})`);
  }
  for (const name of ['users.search', 'foods.search']) {
    const r = by(name);
    if (r && getById) out.push(`${name} >= 1/2 of getById's req/s: ${mark(r.errors === 0 && 2 * r.rps >= getById.rps)} (${f0(r.rps)} req/s, ${pct(r.rps, getById.rps)} of getById's)`);
  }
  if (create) out.push('create >= 2x its rate at 623d034: judged by `npm run bench:compare -- --against=623d034 --scenarios=create` (same rows, alternated rounds)');
  const fhirRead = by('fhir-read');
  if (fhirRead && getById) {
    // the cost of one request: compared at one connection when measured, else at full load
    const [a, b, how] = getById.oneRps && fhirRead.oneRps ? [getById.oneRps, fhirRead.oneRps, '1 connection'] : [getById.rps, fhirRead.rps, `${CONNECTIONS} connections`];
    out.push(`fhir-read within 1.5x of getById's cost: ${mark(fhirRead.errors === 0 && b > 0 && a / b <= 1.5)} (${b > 0 ? (a / b).toFixed(2) : '∞'}x, ${how})`);
  }
  const findSlots = by('findSlots');
  if (findSlots && getById) {
    const cpu = findSlots.cpuUs && getById.cpuUs ? `; CPU per request ${(findSlots.cpuUs / getById.cpuUs).toFixed(2)}x getById's` : '';
    out.push(`findSlots >= 1/3 of getById's req/s: ${mark(findSlots.errors === 0 && 3 * findSlots.rps >= getById.rps)} (${f0(findSlots.rps)} req/s, ${pct(findSlots.rps, getById.rps)} of getById's${cpu})`);
  }
  const clinic = by('findSlots-clinic');
  if (clinic && getById) {
    // the cost of one request: compared at one connection when measured, else at full load
    const [a, b, how] = getById.oneRps && clinic.oneRps ? [getById.oneRps, clinic.oneRps, '1 connection'] : [getById.rps, clinic.rps, `${CONNECTIONS} connections`];
    const cpu = clinic.cpuUs && getById.cpuUs ? `; CPU per request ${(clinic.cpuUs / getById.cpuUs).toFixed(2)}x` : '';
    out.push(`findSlots-clinic < 5x getById's cost: ${mark(clinic.errors === 0 && b > 0 && a / b < 5)} (${b > 0 ? (a / b).toFixed(2) : '∞'}x, ${how}${cpu})`);
  }
  for (const s of chosen.filter((x) => x.pageOf)) {
    const p500 = by(s.name);
    const p1 = by(s.pageOf!);
    if (!p1 || !p500) continue;
    // compared at one connection (the cost of one request) when measured, else at full load
    const [a, b, how] = p1.oneRps && p500.oneRps ? [p1.oneRps, p500.oneRps, '1 connection'] : [p1.rps, p500.rps, `${CONNECTIONS} connections`];
    out.push(`${s.name} within 2x of ${s.pageOf!}: ${mark(b > 0 && a / b <= 2)} (${b > 0 ? (a / b).toFixed(2) : '∞'}x the cost, ${how})`);
  }
  for (const r of report.rows.filter((x) => x.kind === 'contended')) out.push(`${r.scenario} no unexpected errors: ${mark(r.errors === 0)} (${r.errors} errors, ${f0(r.expected)} expected 409)`);
  const inv = report.invariants;
  out.push(`stock ledger balanced: ${mark(inv.itemsOutOfBalance === 0)} (${inv.itemsOutOfBalance} items out of balance; hot item ${inv.hotItem.quantity} = batches ${inv.hotItem.batches} = movements ${inv.hotItem.movements} over ${f0(inv.hotItem.movementRows)} rows)`);
  out.push(`no double booking: ${mark(inv.overlappingPairs === 0)} (${inv.overlappingPairs} overlapping pairs of active appointments)`);
  out.push(`invoice numbers gapless: ${mark(inv.seriesWithGaps === 0)} (${f0(inv.documents)} documents; ${inv.seriesWithGaps} series with a gap or a number twice)`);
  out.push(`memory < 300 MiB: ${mark(report.peakRssMiB < 300)} (peak ${f0(report.peakRssMiB)} MiB)`);
  return out;
}

/** The list scenarios issue 29 holds to getById's cost: a receptionist's appointments and the notifications, page 1 and page 500. */
const isList = (scenario: string) => /^(list|notif)-p\d+$/.test(scenario);

/**
 * create-keyed's rate as a share of create's: each keyed run against the create run before it
 * (`--scenarios=create,create-keyed,create,create-keyed,...` alternates them), the median of those.
 */
function keyedShare(rows: readonly Row[]): { share: number; cpuShare: number | undefined; pairs: number; errors: number } | undefined {
  const shares: number[] = [];
  const cpuShares: number[] = [];
  let errors = 0;
  let create: Row | undefined;
  for (const row of rows) {
    if (row.scenario === 'create') create = row;
    if (row.scenario !== 'create-keyed' || !create) continue;
    shares.push(row.rps / create.rps);
    if (row.cpuUs && create.cpuUs) cpuShares.push(row.cpuUs / create.cpuUs);
    errors += row.errors;
  }
  return shares.length === 0 ? undefined : { share: median(shares), cpuShare: cpuShares.length === 0 ? undefined : median(cpuShares), pairs: shares.length, errors };
}

function machine(): string {
  const model = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model ?? '?';
  const memKb = Number(/MemTotal:\s+(\d+)/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0);
  return `${cpus().length} cores (${model}), ${(memKb / 1024 / 1024).toFixed(1)} GiB RAM, node ${process.version}`;
}

// ---------------------------------------------------------------------------------------------

const kinds = flags.db.split(',').map((d) => {
  const k = d.trim() === 'pg' ? 'postgres' : d.trim();
  if (k !== 'sqlite' && k !== 'postgres') throw new Error(`--db must be sqlite, postgres or both (sqlite,postgres), not ${d}`);
  return k;
});
try {
  ensureWrk();
} catch (error) {
  console.error(`npm run bench: ${(error as Error).message}`);
  process.exit(1);
}
if (cpus().length < 2) process.stderr.write('warning: fewer than 2 cores; the service and wrk share one\n');
mkdirSync(WORK, { recursive: true });
const started = performance.now();
const config = loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: SECRET, AUTH_TOKEN_TTL_SECONDS: '86400', LOG_LEVEL: 'warn' });
const token = (await new TokenService(config).issue('bench-admin')).accessToken;

let bare: Row | undefined;
if (!flags['no-bare']) {
  process.stderr.write(`bare Fastify baseline (${DURATION} s)...\n`);
  bare = await bareBaseline(token, envelope('appointments', 'getById', { id: '0190d6c4-0000-7000-8000-000000000000', organizationId: '0190d6c4-0000-7000-8000-000000000001' }));
}
const fsyncsPerSecond = fsyncBaseline();
const reports: DbReport[] = [];
for (const kind of kinds) reports.push(await runDatabase(kind, token));

console.log(`\nhealthops benchmark: ${machine()}`);
console.log(`disk: ${f0(fsyncsPerSecond)} fsyncs/s one after another (4 KiB + fdatasync)${bare ? `: one fsync per request would cap writes at ${pct(fsyncsPerSecond, bare.rps)} of the bare route` : ''}`);
console.log(`service pinned to core ${SERVICE_CORE}, wrk (1 thread, ${CONNECTIONS} connections) to core ${LOAD_CORE}; ${DURATION} s per scenario after ${WARMUP} s of warm-up and ${PROBE} s at 1 connection`);
for (const report of reports) {
  const c = report.counts;
  console.log(`\n## ${report.db}: ${f0(c.appointments!)} appointments, ${f0(c.notifications!)} notifications, ${f0(c.inventoryItems!)} items (${f0(c.inventoryMovements!)} movements), ${f0(c.foods!)} foods, ${f0(c.organizations!)} organizations`);
  console.log(`seeding took ${report.seedSeconds} s${report.seeded ? '' : ' (when it was seeded; reused now)'}; invariants checked in ${report.invariants.seconds.toFixed(1)} s\n`);
  console.log(table(report, bare));
  const split = report.rows.filter((r) => r.memory).map((r) => `${r.scenario} ${f0(r.memory!.mallocHeap)}/${f0(r.memory!.otherAnonymous)}/${f0(r.memory!.file)}`);
  if (split.length) console.log(`\nresident memory at the end of each scenario, MiB (malloc heap / other anonymous / file): ${split.join(', ')}`);
  console.log('');
  for (const line of targets(report, bare)) console.log(`- ${line}`);
  if (report.profile) console.log(`\nCPU profile of the service:\n${report.profile}`);
}
const total = (performance.now() - started) / 1000;
console.log(`\ntotal ${total.toFixed(0)} s`);
const out = join(WORK, `results-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(out, JSON.stringify({ machine: machine(), fsyncsPerSecond, duration: DURATION, warmup: WARMUP, connections: CONNECTIONS, bare, reports, totalSeconds: total }, null, 2));
console.log(`results: ${out}`);
