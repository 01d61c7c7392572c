/**
 * What one request of each benchmark scenario runs, statement by statement, with what each costs,
 * on the seeded benchmark database: `node bench/statements.ts [--db=postgres] [request...]`
 * [--file=<sqlite file>] (requests by name prefix: list, notif, users, foods, create; default all;
 * --file: another seeded file, e.g. bench:compare's copy). Each request is sent
 * three times through the real application (inject) and the third is shown, so caches are warm.
 */
import { StatementSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { TokenService } from '../src/caller/tokens.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { BENCH_PG_URL, BENCH_SECRET, readMeta, targetFor } from './seed.ts';

const { values: flags, positionals } = parseArgs({ options: { db: { type: 'string', default: 'sqlite' }, file: { type: 'string' } }, allowPositionals: true });
const kind = flags.db === 'postgres' ? 'postgres' : 'sqlite';

const timings: { sql: string; ms: number; rows: number }[] = [];
function timed<A extends unknown[], R>(run: (...args: A) => R, sqlOf: (self: unknown, args: A) => string, rowsOf: (r: Awaited<R>) => number) {
  return function (this: unknown, ...args: A): R {
    const started = performance.now();
    const result = run.apply(this, args);
    const note = (r: Awaited<R>) => timings.push({ sql: sqlOf(this, args), ms: performance.now() - started, rows: rowsOf(r) });
    if (result instanceof Promise) return result.then((r: Awaited<R>) => (note(r), r)) as R;
    note(result as Awaited<R>);
    return result;
  };
}
const statement = StatementSync.prototype as unknown as Record<'all' | 'run', (...a: unknown[]) => unknown>;
const ofStatement = (self: unknown) => (self as StatementSync).sourceSQL;
statement.all = timed(statement.all, ofStatement, (r) => (r as unknown[]).length);
statement.run = timed(statement.run, ofStatement, () => -1);
const client = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
client.query = timed(
  client.query,
  (_self, args) => {
    const q = args[0] as string | { text: string };
    return typeof q === 'string' ? q : q.text;
  },
  (r) => (r as { rowCount?: number } | undefined)?.rowCount ?? -1,
);

const seeded = targetFor(kind, { scale: 1, reseed: false }, BENCH_PG_URL);
const target = flags.file ? { kind: 'sqlite' as const, path: flags.file, serviceUrl: `sqlite:${flags.file}` } : seeded;
const config = loadConfig({ AUTH_JWT_SECRET: BENCH_SECRET, DATABASE_URL: target.serviceUrl, LOG_LEVEL: 'warn' });
const database = openDatabase(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous });
await migrateToLatest(database.db);
const app = await buildApp({ config, database });
const meta = await readMeta(target);
if (!meta) throw new Error(`no seeded ${kind} database: run npm run bench -- --db=${kind} first`);
const token = (await new TokenService(config).issue('bench-admin')).accessToken;
const big = meta.bigOrganizationId;
const triple = meta.createTriples[0]!;
const requests: Record<string, (i: number) => unknown> = {
  list: () => ({ namespace: 'appointments', apiName: 'listByOrganization', data: { organizationId: big, dateFilter: 'upcoming', page: 1, pageSize: 20 } }),
  list500: () => ({ namespace: 'appointments', apiName: 'listByOrganization', data: { organizationId: big, dateFilter: 'upcoming', page: 500, pageSize: 20 } }),
  notif: () => ({ namespace: 'notifications', apiName: 'listByOrganization', data: { organizationId: big, page: 1 } }),
  notif500: () => ({ namespace: 'notifications', apiName: 'listByOrganization', data: { organizationId: big, page: 500 } }),
  create: (i) => ({
    namespace: 'appointments',
    apiName: 'create',
    data: { ...triple, scheduledDate: '2031-01-01', scheduledTime: `${10 + i + Math.floor(Math.random() * 8) * 3}:00`, duration: 30, type: 'consultation', consultationFee: 500 },
  }),
  ...Object.fromEntries(meta.foodSearchTerms.map((query, n) => [`foods${n}`, () => ({ namespace: 'foods', apiName: 'search', data: { query } })])),
  ...Object.fromEntries(meta.userSearchTerms.map((query, n) => [`users${n}`, () => ({ namespace: 'users', apiName: 'search', data: { organizationId: big, query } })])),
};
const names = Object.keys(requests).filter((name) => positionals.length === 0 || positionals.some((p) => name.startsWith(p)));
for (const name of names) {
  for (let i = 0; i < 3; i++) {
    timings.length = 0;
    const payload = requests[name]!(i) as Record<string, unknown>;
    const started = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api', headers: { authorization: `Bearer ${token}` }, payload });
    const total = performance.now() - started;
    if (i < 2) continue;
    console.log(`\n## ${name} ${JSON.stringify(payload.data).slice(0, 80)}: ${res.statusCode} ${total.toFixed(2)} ms`);
    for (const s of timings) console.log(`${s.ms.toFixed(3).padStart(8)} ms ${String(s.rows).padStart(5)} rows  ${s.sql.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
}
await app.close();
await database.close();
