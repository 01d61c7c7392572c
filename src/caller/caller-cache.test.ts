import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { signIn } from '../../test/builders.ts';
import { dialects, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { twoProcesses } from '../../test/two-processes.ts';


/** Until the service has heard of a change to users (PostgreSQL: the NOTIFY arrives just after the commit). */
async function heard(service: DatabaseHandle, before: string | undefined): Promise<void> {
  for (let i = 0; i < 200 && service.externalVersion(['users']) === before; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.notEqual(service.externalVersion(['users']), before, 'the change was announced');
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
