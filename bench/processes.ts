/** Starting, waiting for and stopping the processes a benchmark measures. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The service (and the baselines) run on one core, wrk on the other. */
export const SERVICE_CORE = 0;
export const LOAD_CORE = 1;

/** A duration flag in seconds: `10s`, `1m`, or a bare number of seconds. */
export function secondsOf(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(text);
  if (!m) throw new Error(`bad duration ${text} (use e.g. 10s or 1m)`);
  return Number(m[1]) * (m[2] === 'm' ? 60 : 1);
}

/** The node flags of `npm start` (package.json), so that the benchmark runs the service as it is started. */
export function startFlags(): string[] {
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/);
  return start.slice(1).filter((word) => word.startsWith('--'));
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

/**
 * Waits until the service has worked off what a finished wrk run left in flight (up to 50 requests
 * whose answers nobody reads any more): /ready runs `select 1` through the same connection queue as
 * the operations, so it answers quickly only when nothing is queued before it.
 */
export async function drain(base: string): Promise<number> {
  const started = performance.now();
  for (let quick = 0; quick < 3 && performance.now() - started < 120_000; ) {
    const t0 = performance.now();
    const res = await fetch(`${base}/ready`);
    await res.arrayBuffer();
    quick = performance.now() - t0 < 20 ? quick + 1 : 0;
  }
  return (performance.now() - started) / 1000;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
}

export interface ServiceOptions {
  /** the checkout whose src/main.ts runs (the current directory when omitted) */
  cwd?: string;
  databaseUrl: string;
  secret: string;
  port: number;
  /** the core the service is pinned to */
  core: number;
  /** node flags besides those of `npm start` */
  nodeArgs?: string[];
  /** environment besides the benchmark's (e.g. METRICS_PORT) */
  env?: Record<string, string>;
}

/** The service as `npm start` runs it in production, pinned to one core, logging warnings only. */
export function startService(options: ServiceOptions): ChildProcess {
  const node = [...startFlags(), ...(options.nodeArgs ?? [])];
  return spawn('taskset', ['-c', String(options.core), process.execPath, ...node, 'src/main.ts'], {
    cwd: options.cwd,
    env: cleanEnv({
      DATABASE_URL: options.databaseUrl,
      NODE_ENV: 'production',
      AUTH_JWT_SECRET: options.secret,
      AUTH_TOKEN_TTL_SECONDS: '86400',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      ...options.env,
    }),
    // its log goes to stderr: stdout carries the benchmark's report
    stdio: ['ignore', process.stderr, 'inherit'],
  });
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** `--service-env=KEY=VALUE,KEY=VALUE`: settings of the service under test (e.g. SQLITE_CHECKPOINT_PAGES=1000 against the default). */
export function serviceEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of text.split(',').filter(Boolean)) {
    const [key, value, ...rest] = pair.split('=');
    if (!key || value === undefined || rest.length > 0) throw new Error(`--service-env takes KEY=VALUE pairs separated by commas, not ${pair}`);
    env[key] = value;
  }
  return env;
}
