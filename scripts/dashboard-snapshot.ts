/**
 * npm run dashboard:snapshot: docs/grafana-dashboard.json over a short bench run, drawn from real
 * data (README "Metrics").
 *
 * 1. Starts the service on the seeded SQLite bench database (bench/seed.ts; `npm run bench` makes
 *    it) with METRICS_PORT, pinned to one core as the benchmark runs it.
 * 2. Starts Prometheus (Debian's `prometheus`; apt-get install -y prometheus) with a temporary
 *    configuration and data folder, scraping the service every second.
 * 3. Drives a mixed load with wrk on the other core: bench scenarios one after another.
 * 4. Runs every query of every panel through Prometheus' HTTP API (query_range over the run, with
 *    Grafana's variables given values: scripts/dashboard/grafana.ts) and fails, naming the panel and
 *    the query, when one answers no data.
 * 5. Writes docs/grafana-dashboard.svg (scripts/dashboard/svg.ts) and, where librsvg's rsvg-convert
 *    is installed (apt-get install -y librsvg2-bin), docs/grafana-dashboard.png.
 *
 * Flags: --scenarios=a,b (bench/scenarios.ts; default getById,create,create-keyed,list-p1,booking-50:
 * booking-50's refused bookings fill the error panel), --duration=14s (each), --connections=20,
 * --idle=5s (before and after the load), --out=docs/grafana-dashboard (the pictures' path without extension).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { TokenService } from '../src/caller/tokens.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { drain, freePort, LOAD_CORE, secondsOf, SERVICE_CORE, startService, stop, waitFor } from '../bench/processes.ts';
import { chooseScenarios, firstFreeDay, firstUnbilledAdmission, type RunState } from '../bench/scenarios.ts';
import { BENCH_PG_URL, BENCH_SECRET, ensureSeeded, targetFor } from '../bench/seed.ts';
import { ensureWrk, runWrk, writeScript } from '../bench/wrk.ts';
import {
  builtInVariables, dashboardVariables, dataPanels, hasData, missingLegendLabels, stepSeconds, substitute, toSeries, visibleTargets, type Dashboard, type PromSeries, type Series,
} from './dashboard/grafana.ts';
import { renderDashboard, type Phase } from './dashboard/svg.ts';
import { clock } from './dashboard/units.ts';

const { values: flags } = parseArgs({
  options: {
    scenarios: { type: 'string', default: 'getById,create,create-keyed,list-p1,booking-50' },
    duration: { type: 'string', default: '14s' },
    connections: { type: 'string', default: '20' },
    idle: { type: 'string', default: '5s' },
    out: { type: 'string', default: 'docs/grafana-dashboard' },
  },
});

const SCRAPE_SECONDS = 1;
/** Grafana asks for about a panel's width in pixels of points; the picture's panels are 400-1800 px wide. */
const MAX_DATA_POINTS = 500;
const DASHBOARD_PATH = 'docs/grafana-dashboard.json';
const WORK = resolve('data/bench');
const scenarios = chooseScenarios(flags.scenarios);
const seconds = secondsOf(flags.duration);
const idle = secondsOf(flags.idle);
const connections = Number(flags.connections);

const log = (line: string) => process.stderr.write(`dashboard:snapshot: ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => Date.now() / 1000;

function ensurePrometheus(): void {
  if (spawnSync('sh', ['-c', 'command -v prometheus'], { stdio: 'ignore' }).status === 0) return;
  if (process.getuid?.() !== 0) throw new Error('Prometheus is needed: install it with `sudo apt-get install -y prometheus`, then run again');
  log('installing prometheus with apt-get...');
  execFileSync('sh', ['-c', 'apt-get install -y prometheus || (apt-get update && apt-get install -y prometheus)'], { stdio: 'inherit' });
}

/** Prometheus in a folder of its own, scraping `target` every second; its log goes to the folder. */
function startPrometheus(folder: string, port: number, target: string): ChildProcess {
  const config = join(folder, 'prometheus.yml');
  writeFileSync(
    config,
    `global:\n  scrape_interval: ${SCRAPE_SECONDS}s\n  scrape_timeout: ${SCRAPE_SECONDS}s\n  evaluation_interval: ${SCRAPE_SECONDS}s\n` +
      `scrape_configs:\n  - job_name: healthops\n    static_configs:\n      - targets: ['${target}']\n`,
  );
  const out = openSync(join(folder, 'prometheus.log'), 'a');
  return spawn('prometheus', [`--config.file=${config}`, `--storage.tsdb.path=${join(folder, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'], {
    stdio: ['ignore', out, out],
  });
}

interface PromAnswer<T> {
  status: 'success' | 'error';
  data: T;
  error?: string;
}

async function prom<T>(base: string, path: string, params: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${base}${path}?${new URLSearchParams(params).toString()}`);
  const answer = (await response.json()) as PromAnswer<T>;
  if (answer.status !== 'success') throw new Error(`Prometheus ${path} ${JSON.stringify(params)}: ${answer.error ?? response.status}`);
  return answer.data;
}

/** Until Prometheus has scraped the service once (up == 1). */
async function waitForScrape(base: string): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const up = await prom<{ result: { value: [number, string] }[] }>(base, '/api/v1/query', { query: 'up{job="healthops"}' });
    if (up.result[0]?.value[1] === '1') return;
    await sleep(500);
  }
  throw new Error('Prometheus did not scrape the service within 30 s');
}

function writePictures(svg: string, base: string): string[] {
  mkdirSync(resolve(base, '..'), { recursive: true });
  writeFileSync(`${base}.svg`, svg);
  const written = [`${base}.svg`];
  try {
    execFileSync('rsvg-convert', ['-o', `${base}.png`, `${base}.svg`]);
    written.push(`${base}.png`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    log('rsvg-convert not found: no PNG (apt-get install -y librsvg2-bin)');
  }
  return written;
}

async function main(): Promise<number> {
  ensureWrk();
  ensurePrometheus();
  const dashboard = JSON.parse(readFileSync(DASHBOARD_PATH, 'utf8')) as Dashboard;

  const target = targetFor('sqlite', { reseed: false, scale: 1 }, BENCH_PG_URL);
  const { meta } = await ensureSeeded(target, { reseed: false, scale: 1 });
  const db = openDatabase(target.serviceUrl);
  const state: RunState = { meta, nextDay: await firstFreeDay(db.db), nextAdmission: await firstUnbilledAdmission(db.db, meta) };
  await db.close();
  const config = loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: BENCH_SECRET, AUTH_TOKEN_TTL_SECONDS: '86400', LOG_LEVEL: 'warn' });
  const token = (await new TokenService(config).issue('bench-admin')).accessToken;

  const [port, metricsPort, promPort] = [await freePort(), await freePort(), await freePort()];
  const folder = mkdtempSync(join(tmpdir(), 'healthops-prometheus-'));
  const promBase = `http://127.0.0.1:${promPort}`;
  log(`starting the service (${target.path!}) and Prometheus (${folder})...`);
  const service = startService({ databaseUrl: target.serviceUrl, secret: BENCH_SECRET, port, core: SERVICE_CORE, env: { METRICS_PORT: String(metricsPort) } });
  const prometheus = startPrometheus(folder, promPort, `127.0.0.1:${metricsPort}`);
  const phases: (Phase & { rps: number })[] = [];
  let from: number;
  let to: number;
  let version: string;
  const failed: string[] = [];
  const data = new Map<number, Series[]>();
  let variables: Record<string, string>;
  try {
    await waitFor(`http://127.0.0.1:${port}/ready`, service, 300_000);
    await waitFor(`${promBase}/-/ready`, prometheus, 30_000);
    await waitForScrape(promBase);
    version = (await prom<{ version: string }>(promBase, '/api/v1/status/buildinfo')).version;

    from = Math.floor(now());
    await sleep(idle * 1000);
    const base = `http://127.0.0.1:${port}`;
    for (const scenario of scenarios) {
      log(`${scenario.name}: ${connections} connections, ${seconds} s`);
      const made = scenario.body(state);
      const started = now();
      const result = await runWrk({ script: writeScript(join(WORK, 'lua'), `dashboard-${scenario.name}`, token, made.lua), url: `${base}/api`, connections, seconds, core: LOAD_CORE });
      made.after?.(result);
      await drain(base);
      phases.push({ name: scenario.name, from: started, to: now(), rps: result.rps });
      log(`  ${Math.round(result.rps)} req/s, p99 ${result.p99.toFixed(1)} ms, ${result.ok} ok, ${result.conflict} 409, ${result.other + result.socketErrors} other errors`);
    }
    await sleep(idle * 1000);
    to = Math.ceil(now());
    // the last scrape of the window is in before the queries
    await sleep(2 * SCRAPE_SECONDS * 1000);

    variables = { ...builtInVariables({ from, to, scrapeSeconds: SCRAPE_SECONDS, maxDataPoints: MAX_DATA_POINTS }), ...dashboardVariables(dashboard) };
    for (const panel of dataPanels(dashboard)) {
      const series: Series[] = [];
      for (const query of visibleTargets(panel)) {
        const expr = substitute(query.expr, variables);
        const answer = await prom<{ result: PromSeries[] }>(promBase, '/api/v1/query_range', { query: expr, start: String(from), end: String(to), step: String(stepSeconds(variables)) });
        const found = toSeries(query, answer.result);
        const where = `panel "${panel.title}" (id ${panel.id}), query ${query.refId}`;
        if (!hasData(found)) failed.push(`${where}: no data for ${expr}`);
        for (const label of missingLegendLabels(query.legendFormat, answer.result)) failed.push(`${where}: its legend names {{${label}}}, which a series of ${expr} lacks`);
        series.push(...found);
      }
      data.set(panel.id, series);
    }
  } finally {
    await stop(service);
    await stop(prometheus);
  }
  rmSync(folder, { recursive: true, force: true });

  const date = new Date(to * 1000).toISOString().slice(0, 16).replace('T', ' ');
  const svg = renderDashboard({
    dashboard,
    data,
    from,
    to,
    phases,
    notes: [
      `${clock(from)} to ${clock(to)} UTC (${to - from} s) · SQLite bench database (${meta.counts.appointments!.toLocaleString('en-US')} appointments) · the service on one core, wrk (${connections} connections) on the other · a machine shared with other work: docs/PERFORMANCE.md has the benchmark's figures`,
      `load, ${seconds} s each (bench/scenarios.ts; a dashed line marks each start): ${phases.map((p) => `${p.name} ${clock(p.from)} (${Math.round(p.rps)} req/s)`).join(', ')}`,
      `variables: $instance = ${variables.instance ?? '-'} (All), $__interval = ${variables.__interval} (the step), $__rate_interval = ${variables.__rate_interval}, $__range = ${variables.__range}; scraped every ${SCRAPE_SECONDS} s`,
    ],
    caption: `${DASHBOARD_PATH} rendered by npm run dashboard:snapshot from Prometheus ${version} over a bench run, ${date} UTC; not Grafana`,
  });

  if (failed.length > 0) {
    const [written] = writePictures(svg, join(WORK, 'grafana-dashboard-failed'));
    for (const line of failed) console.error(`dashboard:snapshot: ${line}`);
    console.error(`dashboard:snapshot: ${failed.length} ${failed.length === 1 ? 'query' : 'queries'} of ${DASHBOARD_PATH} answered no data over the run (the picture as it is: ${written!})`);
    return 1;
  }
  for (const file of writePictures(svg, resolve(flags.out))) log(`wrote ${file}`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`dashboard:snapshot: ${(error as Error).message}`);
  process.exitCode = 1;
}
