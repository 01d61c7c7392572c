/**
 * The statements one request runs and what each costs, on the seeded benchmark database (SQLite):
 * node bench/statements.ts [scenario...]. Times every statement the service prepares.
 */
import { StatementSync } from 'node:sqlite';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { TokenService } from '../src/auth/tokens.ts';
import { readMeta, targetFor } from './seed.ts';

const timings: { sql: string; ms: number; rows: number }[] = [];
const proto = StatementSync.prototype as unknown as { all: (...a: unknown[]) => unknown[]; run: (...a: unknown[]) => unknown };
const all = proto.all;
const run = proto.run;
proto.run = function (this: StatementSync, ...args: unknown[]) {
  const t = performance.now();
  const r = run.apply(this, args);
  timings.push({ sql: this.sourceSQL, ms: performance.now() - t, rows: -1 });
  return r;
};
proto.all = function (this: StatementSync, ...args: unknown[]) {
  const t = performance.now();
  const r = all.apply(this, args);
  timings.push({ sql: this.sourceSQL, ms: performance.now() - t, rows: r.length });
  return r;
};
const SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuvwxyz';
process.env.AUTH_JWT_SECRET = SECRET;
process.env.DATABASE_URL = 'sqlite:./data/bench/bench-v1.db';
process.env.LOG_LEVEL = 'warn';
const config = loadConfig();
const database = openDatabase(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous });
const app = await buildApp({ config, database });
const meta = (await readMeta(targetFor('sqlite', { scale: 1, reseed: false }, '')))!;
const token = (await new TokenService(config).issue('bench-admin')).accessToken;
const big = meta.bigOrganizationId;
const requests: Record<string, unknown> = {
  list: { namespace: 'appointments', apiName: 'listByOrganization', data: { organizationId: big, dateFilter: 'upcoming', page: 1, pageSize: 20 } },
  list500: { namespace: 'appointments', apiName: 'listByOrganization', data: { organizationId: big, dateFilter: 'upcoming', page: 500, pageSize: 20 } },
  notif: { namespace: 'notifications', apiName: 'listByOrganization', data: { organizationId: big, page: 1 } },
  users: { namespace: 'users', apiName: 'search', data: { organizationId: big, query: 'sharma' } },
  create: { namespace: 'appointments', apiName: 'create', data: { organizationId: meta.createTriples[0]!.organizationId, doctorId: meta.createTriples[0]!.doctorId, patientId: meta.createTriples[0]!.patientId, scheduledDate: '2031-01-0' + String(1 + Math.floor(Math.random() * 9)), scheduledTime: '10:00', duration: 30, type: 'consultation', consultationFee: 500, reason: 'Routine check-up' } },
  foods: { namespace: 'foods', apiName: 'search', data: { query: 'chicken' } },
};
for (const name of process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(requests)) {
  for (let i = 0; i < 3; i++) {
    if (name === 'create') (requests.create as { data: { scheduledTime: string } }).data.scheduledTime = `1${i}:00`;
    timings.length = 0;
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api', headers: { authorization: `Bearer ${token}` }, payload: requests[name] as object });
    const total = performance.now() - t;
    if (i < 2) continue;
    console.log(`\n## ${name}: ${res.statusCode} ${total.toFixed(2)} ms`);
    for (const s of timings) console.log(`${s.ms.toFixed(3).padStart(8)} ms ${String(s.rows).padStart(4)} rows  ${s.sql.slice(0, 400)}`);
  }
}
await app.close();
await database.close();
