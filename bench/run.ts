/**
 * Load scenarios against the real HTTP server on a scratch database.
 * Usage: npm run bench [-- --requests 2000 --concurrency 20]; DATABASE_URL=postgres://... to bench PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '20' } } });
const total = Number(values.requests);
const concurrency = Number(values.concurrency);

const dir = mkdtempSync(join(tmpdir(), 'healthops-bench-'));
const url = process.env.DATABASE_URL ?? `sqlite:${join(dir, 'bench.db')}`;
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: url });
const database = openDatabase(url);
await migrateToLatest(database.db);
const app = await buildApp({ config, database });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

async function call(namespace: string, apiName: string, data: unknown): Promise<{ status: string; data: Record<string, unknown> }> {
  const res = await fetch(`${base}/api`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ namespace, apiName, data }) });
  return (await res.json()) as { status: string; data: Record<string, unknown> };
}

async function scenario(name: string, request: (i: number) => Promise<unknown>): Promise<void> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await request(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(2);
  console.log(`${name.padEnd(28)} ${(total / seconds).toFixed(0).padStart(6)} req/s  p50 ${pct(0.5)} ms  p99 ${pct(0.99)} ms`);
}

console.log(`${database.dialect}, ${total} requests, concurrency ${concurrency}`);
const org = 'bench-org';
await scenario('tokenCounters.create', (i) => call('tokenCounters', 'create', { organizationId: org, date: '2026-01-01', prefix: `P${i}`, lastSequence: 0 }));
const { data } = await call('tokenCounters', 'create', { organizationId: org, date: '2026-01-02', prefix: 'X', lastSequence: 0 });
const id = (data.item as { id: string }).id;
await scenario('tokenCounters.getById', () => call('tokenCounters', 'getById', { id, organizationId: org }));
await scenario('tokenCounters.listByOrganization', () => call('tokenCounters', 'listByOrganization', { organizationId: org }));

await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
