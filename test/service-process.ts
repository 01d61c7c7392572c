import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

/** Helpers of the tests that run the service as its own process (npm start's entry point). */

export const ROOT = resolve(import.meta.dirname, '..');

export interface ServiceProcess {
  child: ChildProcess;
  /** every line written to stdout and stderr so far */
  lines: string[];
  /** the JSON lines of stdout, parsed */
  logs: () => Record<string, unknown>[];
  /** resolves with the exit code (or the signal's name) */
  exited: Promise<number | string>;
  /** the base URL once the start-up line was written */
  started: Promise<{ base: string; line: Record<string, unknown> }>;
  /** the first line (stdout or stderr) matching `pattern`, once written; rejects if the process exits first */
  lineMatching(pattern: RegExp): Promise<RegExpMatchArray>;
  /** SIGTERM, then waits for the exit */
  stop(): Promise<number | string>;
}

/** Starts `node src/start.mjs` with the environment given (on top of a quiet development one, PORT=0). */
export function startService(env: Record<string, string>, options: { node?: string; entry?: string; cwd?: string } = {}): ServiceProcess {
  const child = spawn(options.node ?? process.execPath, [options.entry ?? 'src/start.mjs'], {
    cwd: options.cwd ?? ROOT,
    // The test run's compile cache (package.json's test:only) spares each service its TypeScript stripping.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}), NODE_ENV: 'development', PORT: '0', LOG_LEVEL: 'info', JOBS_ENABLED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const onLine = new Set<() => void>();
  const collect = (stream: NodeJS.ReadableStream) => {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      rest += chunk.toString('utf8');
      const parts = rest.split('\n');
      rest = parts.pop()!;
      lines.push(...parts.filter(Boolean));
      for (const listener of onLine) listener();
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  const exited = new Promise<number | string>((done) => child.on('exit', (code, signal) => done(code ?? signal ?? -1)));
  const logs = () => lines.flatMap((l) => (l.startsWith('{') ? [JSON.parse(l) as Record<string, unknown>] : []));
  const started = new Promise<{ base: string; line: Record<string, unknown> }>((done, fail) => {
    onLine.add(() => {
      const line = logs().find((l) => l.msg === 'healthops started');
      if (line) done({ base: String(line.listen), line });
    });
    void exited.then((code) => fail(new Error(`the service exited (${code}) before it started:\n${lines.join('\n')}`)));
  });
  started.catch(() => undefined);
  const lineMatching = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((done, fail) => {
      const look = () => {
        const match = lines.map((l) => l.match(pattern)).find((m) => m !== null);
        if (match) done(match);
      };
      onLine.add(look);
      look();
      void exited.then((code) => fail(new Error(`the process exited (${code}) before writing ${pattern}:\n${lines.join('\n')}`)));
    });
  return {
    child,
    lines,
    logs,
    exited,
    started,
    lineMatching,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

export const scratchDir = (): string => mkdtempSync(join(tmpdir(), 'healthops-'));

/** A fresh PostgreSQL database on TEST_DATABASE_URL's server; `drop()` removes it (ending its connections). */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `p_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** An answer of the service over HTTP: the envelope, read freely by the tests (its shape is asserted). */
export interface HttpAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: Record<string, any>;
}

/** POST /api with the envelope; answers the status and the parsed body. */
export async function api(base: string, namespace: string, apiName: string, data: Record<string, unknown>, token?: string): Promise<HttpAnswer> {
  const response = await fetch(`${base}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ namespace, apiName, data }),
  });
  return { status: response.status, body: (await response.json()) as HttpAnswer['body'] };
}
