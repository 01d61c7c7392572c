import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { signIn } from '../../test/builders.ts';
import { dialects, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle, type Dialect } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * Two connections to one database: the service's, and another process's (a second service, or
 * `npm run admin`), whose writes the service's caller cache cannot see happen.
 */
async function twoProcesses(dialect: Dialect) {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'healthops-callers-'));
    const url = `sqlite:${join(dir, 'db.sqlite')}`;
    const service = openDatabase(url);
    await migrateToLatest(service.db);
    await service.durable();
    return {
      service,
      elsewhere: openDatabase(url),
      cleanUp: () => {
        rmSync(dir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const service = openDatabase(url, { pgSchema: schema });
  await migrateToLatest(service.db);
  return {
    service,
    elsewhere: openDatabase(url, { pgSchema: schema }),
    cleanUp: async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/** Until the service has heard of a change to users (PostgreSQL: the NOTIFY arrives just after the commit). */
async function heard(service: DatabaseHandle, before: number | undefined): Promise<void> {
  for (let i = 0; i < 200 && service.externalUsersVersion() === before; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.notEqual(service.externalUsersVersion(), before, 'the change was announced');
}

for (const dialect of dialects) {
  void describe(`the callers remembered between requests [${dialect}]`, () => {
    let processes: Awaited<ReturnType<typeof twoProcesses>>;
    let app: FastifyInstance;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });

    before(async () => {
      processes = await twoProcesses(dialect);
      app = await buildApp({ config, database: processes.service });
    });

    after(async () => {
      await app.close();
      await processes.service.close();
      await processes.elsewhere.close();
      await processes.cleanUp();
    });

    async function call(token: string, namespace: string, apiName: string, data: unknown) {
      const response = await app.inject({ method: 'POST', url: '/api', headers: { authorization: `Bearer ${token}` }, payload: { namespace, apiName, data } });
      return response.statusCode;
    }

    test("another process's block or role change takes effect at the next request", async () => {
      const { service, elsewhere } = processes;
      const org = 'org-callers';
      const user = await signIn({ database: service, config } as TestApp, { organizationId: org, roles: ['nurse'] });
      const readOwn = () => call(user.token, 'users', 'getById', { id: user.userId, organizationId: org });
      const listAttendance = () => call(user.token, 'hrmAttendance', 'list', { organizationId: org });
      await heard(service, undefined);
      assert.equal(await readOwn(), 200);
      assert.equal(await readOwn(), 200);
      assert.equal(await listAttendance(), 403);

      // No waiting for the notification: the very next request must see the change.
      await elsewhere.db.updateTable('users').set({ isBlocked: true }).where('id', '=', user.userId).execute();
      await elsewhere.durable();
      assert.equal(await readOwn(), 403, 'blocked elsewhere: FORBIDDEN at once');

      await elsewhere.db.updateTable('users').set({ isBlocked: false, roles: JSON.stringify(['nurse', 'hr']) }).where('id', '=', user.userId).execute();
      await elsewhere.durable();
      assert.equal(await readOwn(), 200);
      assert.equal(await listAttendance(), 200, 'the role given elsewhere counts at once');

      const now = Date.now();
      const identity = { id: user.idpUserId, email: null, phone: null, name: null, passwordHash: null, socialSubject: null, isVerified: true, lastLoginAt: null, tokenVersion: 0, createdAt: now, updatedAt: now };
      await service.db.insertInto('identities').values(identity).execute();
      assert.equal(await readOwn(), 200);
      await elsewhere.db.updateTable('identities').set((eb) => ({ tokenVersion: eb('tokenVersion', '+', 1) })).where('id', '=', user.idpUserId).execute();
      await elsewhere.durable();
      assert.equal(await readOwn(), 401, 'tokens revoked elsewhere: refused at once');
    });
  });
}
