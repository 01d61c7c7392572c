import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { signIn } from '../../test/builders.ts';
import type { TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

// Two connections to one SQLite file: the service's, and another process's (a second service,
// or `npm run admin`), whose writes the service's caller cache cannot see happen.
const dir = mkdtempSync(join(tmpdir(), 'healthops-callers-'));
const url = `sqlite:${join(dir, 'db.sqlite')}`;
let service: DatabaseHandle;
let elsewhere: DatabaseHandle;
let app: FastifyInstance;
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });

before(async () => {
  service = openDatabase(url);
  await migrateToLatest(service.db);
  await service.durable();
  elsewhere = openDatabase(url);
  app = await buildApp({ config, database: service });
});

after(async () => {
  await app.close();
  await service.close();
  await elsewhere.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(token: string, namespace: string, apiName: string, data: unknown) {
  const response = await app.inject({ method: 'POST', url: '/api', headers: { authorization: `Bearer ${token}` }, payload: { namespace, apiName, data } });
  return response.statusCode;
}

test("another process's block or role change takes effect at the next request", async () => {
  const org = 'org-callers';
  const user = await signIn({ database: service, config } as TestApp, { organizationId: org, roles: ['staff'] });
  const readOwn = () => call(user.token, 'users', 'getById', { id: user.userId, organizationId: org });
  const listAttendance = () => call(user.token, 'hrmAttendance', 'list', { organizationId: org });
  assert.equal(await readOwn(), 200);
  assert.equal(await readOwn(), 200);
  assert.equal(await listAttendance(), 403);

  await elsewhere.db.updateTable('users').set({ isBlocked: true }).where('id', '=', user.userId).execute();
  await elsewhere.durable();
  assert.equal(await readOwn(), 403, 'blocked elsewhere: FORBIDDEN at once');

  await elsewhere.db.updateTable('users').set({ isBlocked: false, roles: JSON.stringify(['staff', 'hr']) }).where('id', '=', user.userId).execute();
  await elsewhere.durable();
  assert.equal(await readOwn(), 200);
  assert.equal(await listAttendance(), 200, 'the role given elsewhere counts at once');
});
