import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, freshPostgresDatabase, scratchDir, startService, type ServiceProcess } from './service-process.ts';
import { TcpProxy } from './tcp-proxy.ts';

const withPostgres = process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL not set';
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Signs up, creates an organization; answers the token and the organization. */
async function clinic(base: string): Promise<{ token: string; organizationId: string }> {
  const signedUp = await api(base, 'auth', 'signUp', { email: `owner-${Date.now()}@example.com`, password: 'a good password' });
  const token = signedUp.body.data.accessToken as string;
  const created = await api(base, 'organizations', 'create', { name: 'Fault Clinic', slug: `fault-${Date.now()}`, type: 'clinic' }, token);
  return { token, organizationId: created.body.data.item.id as string };
}

interface Load {
  acknowledged: string[];
  statuses: Map<number, number>;
  codes: Map<string, number>;
  stop(): Promise<void>;
}

/** Writers creating patients as fast as the service answers; what was acknowledged with 200 is kept. */
function writeLoad(base: () => string, token: string, organizationId: string, writers = 4): Load {
  const load: Load = { acknowledged: [], statuses: new Map(), codes: new Map(), stop: async () => undefined };
  let running = true;
  const writer = async (n: number) => {
    for (let i = 0; running; i++) {
      try {
        const answer = await api(base(), 'patients', 'create', { organizationId, name: `Writer ${n} patient ${i}` }, token);
        load.statuses.set(answer.status, (load.statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 200) load.acknowledged.push(answer.body.data.item.id as string);
        else {
          const code = String(answer.body.error?.code);
          load.codes.set(code, (load.codes.get(code) ?? 0) + 1);
          await pause(50);
        }
      } catch {
        // The service itself is gone (killed): no answer, nothing acknowledged.
        await pause(50);
      }
    }
  };
  const all = Array.from({ length: writers }, (_, n) => writer(n));
  load.stop = async () => {
    running = false;
    await Promise.all(all);
  };
  return load;
}

/** Every acknowledged patient is there after the fault. */
async function assertAllKept(base: string, token: string, organizationId: string, ids: string[]): Promise<void> {
  const missing: string[] = [];
  for (const id of ids) {
    const answer = await api(base, 'patients', 'getById', { id, organizationId }, token);
    if (answer.status !== 200) missing.push(id);
  }
  assert.deepEqual(missing, [], `${missing.length} of ${ids.length} acknowledged writes lost`);
}

describe('faults', () => {
  test('PostgreSQL away for 3 s under load: 503 UNAVAILABLE (never 500), /ready says so, recovery by itself, no acknowledged write lost', { skip: withPostgres }, async () => {
    const database = await freshPostgresDatabase();
    const real = new URL(database.url);
    const proxy = new TcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    await proxy.start();
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    const service = startService({ DATABASE_URL: viaProxy.toString(), DATABASE_CONNECT_TIMEOUT_MS: '1000', LOG_LEVEL: 'warn' });
    let load: Load | undefined;
    try {
      const { base } = await service.started;
      const { token, organizationId } = await clinic(base);
      load = writeLoad(() => base, token, organizationId);
      await pause(800);
      const before = load.acknowledged.length;
      await proxy.cut();
      await pause(1500);
      const ready = await fetch(`${base}/ready`);
      assert.equal(ready.status, 503);
      assert.equal(((await ready.json()) as { error: { code: string } }).error.code, 'UNAVAILABLE');
      await pause(1500);
      await proxy.restore();
      let recovered = false;
      for (let i = 0; i < 100 && !recovered; i++) {
        recovered = (await fetch(`${base}/ready`)).status === 200;
        if (!recovered) await pause(100);
      }
      assert.ok(recovered, '/ready is 200 again without a restart');
      const atRecovery = load.acknowledged.length;
      await pause(800);
      await load.stop();
      assert.ok(before > 0 && load.acknowledged.length > atRecovery, 'writes were acknowledged before the outage and after it');
      assert.equal(load.statuses.get(500) ?? 0, 0, `no 500: ${JSON.stringify([...load.statuses])}`);
      assert.ok((load.statuses.get(503) ?? 0) > 0, 'requests during the outage answered 503');
      assert.deepEqual([...load.codes.keys()], ['UNAVAILABLE']);
      await assertAllKept(base, token, organizationId, load.acknowledged);
      assert.equal(await service.stop(), 0);
    } finally {
      await load?.stop();
      service.child.kill('SIGKILL');
      await proxy.cut();
      await database.drop();
    }
  });

  for (const kind of ['sqlite', 'postgres'] as const) {
    test(`kill -9 under write load on ${kind} loses no acknowledged write`, { skip: kind === 'postgres' ? withPostgres : false }, async () => {
      const database = kind === 'postgres' ? await freshPostgresDatabase() : { url: `sqlite:${scratchDir()}/h.db`, drop: async () => undefined };
      const env = { DATABASE_URL: database.url, LOG_LEVEL: 'warn' };
      let service: ServiceProcess = startService(env);
      let load: Load | undefined;
      try {
        let base = (await service.started).base;
        const { token, organizationId } = await clinic(base);
        load = writeLoad(() => base, token, organizationId);
        await pause(1500);
        service.child.kill('SIGKILL');
        assert.equal(await service.exited, 'SIGKILL');
        await load.stop();
        assert.ok(load.acknowledged.length > 20, `acknowledged before the kill: ${load.acknowledged.length}`);
        service = startService(env);
        base = (await service.started).base;
        await assertAllKept(base, token, organizationId, load.acknowledged);
        assert.equal(await service.stop(), 0);
      } finally {
        await load?.stop();
        service.child.kill('SIGKILL');
        await database.drop();
      }
    });
  }
});
