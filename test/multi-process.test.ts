import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test } from 'node:test';
import pg from 'pg';
import { startFakePush } from '../src/namespaces/notifications/notifications.testkit.ts';
import { allJobs } from '../src/namespaces/index.ts';
import { api, freshPostgresDatabase, ROOT, startService } from './service-process.ts';

const run = promisify(execFile);
const SLOTS = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30'];
const STOCK = 30;
const NOTIFICATIONS = 30;

/**
 * Three service processes on one PostgreSQL, as a deployment that grew past one core: the load goes
 * round-robin over them, and they must behave as one service.
 */
test('three processes on one PostgreSQL behave as one service', { skip: process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL not set', timeout: 120_000 }, async () => {
  const database = await freshPostgresDatabase();
  const push = await startFakePush();
  const env = {
    DATABASE_URL: database.url,
    MIGRATE_ON_START: 'false',
    AUTH_MODE: 'required',
    JOBS_ENABLED: 'true',
    PUSH_URL: push.url,
    PUSH_ACCESS_KEY: push.key,
    PUSH_POLL_INTERVAL_MS: '100',
    RATE_LIMIT_AUTH_LOGIN_IDENTIFIER: '5/900',
    DATABASE_POOL_SIZE: '6',
    LOG_LEVEL: 'warn',
  };
  await run(process.execPath, ['src/admin.ts', 'migrate'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url } });
  const services = [startService(env), startService(env), startService(env)];
  const direct = new pg.Client({ connectionString: database.url });
  try {
    const bases = await Promise.all(services.map(async (s) => (await s.started).base));
    const at = (i: number) => bases[i % bases.length]!;
    const call = async (i: number, namespace: string, apiName: string, data: Record<string, unknown>, token?: string) => api(at(i), namespace, apiName, data, token);
    const okData = async (i: number, namespace: string, apiName: string, data: Record<string, unknown>, token?: string) => {
      const answer = await call(i, namespace, apiName, data, token);
      assert.equal(answer.status, 200, `${namespace}.${apiName}: ${JSON.stringify(answer.body)}`);
      return answer.body.data;
    };
    const account = async (i: number, name: string) => okData(i, 'auth', 'signUp', { email: `${name}-${Date.now()}@example.com`, password: 'a good password' });

    // The organization, its admin, a doctor and a receptionist, set up through different processes.
    const admin = await account(0, 'admin');
    const token = admin.accessToken as string;
    const organizationId = (await okData(1, 'organizations', 'create', { name: 'Three Process Hospital', slug: `three-${Date.now()}`, type: 'hospital' }, token)).item.id as string;
    const member = async (i: number, role: string) => {
      const signedUp = await account(i, role);
      const user = (await okData(i + 1, 'users', 'create', { idpUserId: signedUp.user.id, email: signedUp.user.email, role, organizationId }, token)).item;
      // An invitation until the person accepts it (issue 24: consent before binding a person).
      await okData(i + 2, 'users', 'acceptInvitation', { id: user.id }, signedUp.accessToken);
      return { idpUserId: signedUp.user.id as string, userId: user.id as string, token: signedUp.accessToken as string };
    };
    const doctor = await member(0, 'doctor');
    const receptionist = await member(1, 'receptionist');
    const patients: string[] = [];
    for (let i = 0; i < SLOTS.length * 3; i++) patients.push((await okData(i, 'patients', 'create', { organizationId, name: `Patient ${i}` }, token)).item.id as string);
    const item = (await okData(2, 'inventoryItems', 'create', { organizationId, itemName: 'Saline 500 ml', quantity: STOCK }, token)).item.id as string;
    ok(await call(0, 'pushDevices', 'create', { idpUserId: admin.user.id, platform: 'ios', providerPushToken: 'ExponentPushToken[three-process]' }, token));

    // Each slot of the doctor's day asked for three times at once, through the three processes.
    const bookings = Promise.all(
      patients.map((patientId, i) =>
        call(i, 'appointments', 'create', { organizationId, patientId, doctorId: doctor.userId, scheduledDate: '2030-05-06', scheduledTime: SLOTS[i % SLOTS.length], duration: 30, type: 'consultation' }, token),
      ),
    );
    // More issues of one item than it holds.
    const issues = Promise.all(Array.from({ length: STOCK + 15 }, (_, i) => call(i, 'inventoryItems', 'issueStock', { organizationId, inventoryItemId: item, quantity: 1, type: 'ISSUE' }, token)));
    // Notifications written through every process, sent by the push workers of all three.
    const notifications = Promise.all(
      Array.from({ length: NOTIFICATIONS }, (_, i) =>
        okData(i, 'notifications', 'create', { organizationId, recipientIdpUserId: admin.user.id, recipientRole: 'admin', type: 'test', title: `Note ${i}`, message: `message ${i}` }, token),
      ),
    );
    // In the middle: the receptionist's role is taken away, then given back, then the account is blocked.
    const roleChanges = (async () => {
      for (const i of [0, 1, 2]) assert.equal((await call(i, 'patients', 'listByOrganization', { organizationId }, receptionist.token)).status, 200);
      await okData(0, 'users', 'updateRoles', { idpUserId: receptionist.idpUserId, organizationId, roles: ['hr'] }, token);
      for (const i of [1, 2, 0]) assert.equal((await call(i, 'patients', 'listByOrganization', { organizationId }, receptionist.token)).status, 403, `process ${i} saw the role change`);
      await okData(1, 'users', 'updateRoles', { idpUserId: receptionist.idpUserId, organizationId, roles: ['receptionist'] }, token);
      for (const i of [2, 0, 1]) assert.equal((await call(i, 'patients', 'listByOrganization', { organizationId }, receptionist.token)).status, 200, `process ${i} saw the role given back`);
      await okData(2, 'users', 'blockUser', { idpUserId: receptionist.idpUserId, organizationId }, token);
      for (const i of [0, 1, 2]) assert.equal((await call(i, 'patients', 'listByOrganization', { organizationId }, receptionist.token)).status, 403, `process ${i} saw the block`);
    })();
    // One rate-limit count for all: five wrong passwords through three processes, the sixth is refused.
    const rateLimit = (async () => {
      const email = `limited-${Date.now()}@example.com`;
      await account(0, `limited`).catch(() => undefined);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await call(i, 'auth', 'login', { email, password: 'not the password' })).status);
      return statuses;
    })();

    const [booked, issued, , , loginStatuses] = await Promise.all([bookings, issues, notifications, roleChanges, rateLimit]);

    const bookedOk = booked.filter((b) => b.status === 200);
    assert.equal(bookedOk.length, SLOTS.length, 'one booking per slot');
    assert.ok(booked.every((b) => b.status === 200 || b.body.error?.code === 'CONFLICT'), 'the others were refused as conflicts');
    assert.deepEqual(loginStatuses.slice(0, 5).map((s) => s === 401 || s === 400), [true, true, true, true, true]);
    assert.equal(loginStatuses[5], 429, `the sixth attempt is rate-limited wherever it lands: ${loginStatuses.join(',')}`);
    assert.equal(issued.filter((a) => a.status === 200).length, STOCK);
    assert.ok(issued.every((a) => a.status === 200 || a.body.error?.code === 'INVALID_STATE'));

    await direct.connect();
    const overlaps = await direct.query(
      `select count(*)::int as n from appointments a join appointments b on a.id < b.id and a."doctorId" = b."doctorId"
       where a."organizationId" = $1 and b."organizationId" = $1 and a.stage not in ('cancelled', 'no_show') and b.stage not in ('cancelled', 'no_show')
       and a."startMinute" < b."endMinute" and b."startMinute" < a."endMinute"`,
      [organizationId],
    );
    assert.equal(overlaps.rows[0].n, 0, 'no double booking');
    const stock = await direct.query(
      `select i.quantity, (select coalesce(sum(quantity), 0)::int from "inventoryMovements" m where m."inventoryItemId" = i.id) as ledger,
              (select coalesce(sum(quantity), 0)::int from "inventoryBatches" b where b."inventoryItemId" = i.id) as batches
       from "inventoryItems" i where i.id = $1`,
      [item],
    );
    assert.deepEqual(stock.rows[0], { quantity: 0, ledger: 0, batches: 0 }, 'stock equals its ledger, never below zero');

    // Every notification pushed exactly once, by whichever process claimed it.
    for (let i = 0; i < 100 && push.received.length < NOTIFICATIONS; i++) await new Promise((done) => setTimeout(done, 100));
    await new Promise((done) => setTimeout(done, 500));
    const ids = push.received.map((m) => m.data.notificationId as string);
    assert.equal(ids.length, NOTIFICATIONS, 'each notification pushed once');
    assert.equal(new Set(ids).size, NOTIFICATIONS);

    // Each scheduled job ran once per interval, whichever process took it: the jobs due every minute
    // or more ran exactly once within this test; the frequent ones never twice within their interval.
    const runs = await direct.query(`select job, "startedAt"::float8 as at, runner from "jobRuns" order by job, "startedAt"`);
    for (const job of allJobs) {
      const starts = runs.rows.filter((r: { job: string }) => r.job === job.name).map((r: { at: number }) => r.at);
      if (job.everyMs >= 60_000) assert.equal(starts.length, 1, `${job.name} ran once`);
      else assert.ok(starts.length >= 1, `${job.name} ran`);
      for (let i = 1; i < starts.length; i++) assert.ok(starts[i]! - starts[i - 1]! >= job.everyMs, `${job.name} ran twice within ${job.everyMs} ms`);
    }
    assert.ok(new Set(runs.rows.map((r: { runner: string }) => r.runner)).size >= 1);

    for (const service of services) assert.equal(await service.stop(), 0);
  } finally {
    for (const service of services) service.child.kill('SIGKILL');
    await direct.end().catch(() => undefined);
    await push.close();
    await database.drop();
  }
});

function ok(answer: { status: number; body: unknown }): void {
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}
