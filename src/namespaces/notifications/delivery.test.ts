import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { orgId } from '../../../test/builders.ts';
import { describeEachDialect, ok, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { httpPush } from '../../providers/http-push.ts';
import { newId } from '../../values/ids.ts';
import { DeliveryWorker, deliveryWorkerFor, type DeliveryWorkerOptions } from './notifications.deliveryWorker.ts';
import { retryDelayMs } from '../../background/runner.ts';
import { NO_PROVIDER } from './notifications.notify.ts';
import { startFakePush } from './notifications.testkit.ts';

const fake = await startFakePush();
after(() => fake.close());

const NOW = Date.UTC(2026, 4, 10, 9, 0, 0);
let clock = NOW;
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const OPTIONS: DeliveryWorkerOptions = { pollIntervalMs: 60_000, maxAttempts: 3, retryBaseMs: 1000, retryMaxMs: 60_000, batchSize: 50 };

function workerOn(t: TestApp, options: Partial<DeliveryWorkerOptions> = {}, db: Db = t.database.db): DeliveryWorker {
  return new DeliveryWorker({
    db,
    dialect: t.dialect,
    push: httpPush(fake.url, fake.key),
    log: silent,
    now: () => clock,
    options: { ...OPTIONS, ...options },
  });
}

const token = (word = 'ok') => `ExponentPushToken[${word}-${newId()}]`;

async function registerDevice(t: TestApp, idpUserId: string, providerPushToken: string): Promise<string> {
  return ok(await t.call('pushDevices', 'create', { idpUserId, platform: 'ios', providerPushToken })).item.id;
}

async function createNotification(t: TestApp, recipientIdpUserId: string, extra: Record<string, unknown> = {}) {
  return ok(
    await t.call('notifications', 'create', {
      organizationId: orgId(),
      recipientIdpUserId,
      recipientRole: 'patient',
      type: 'lab_result',
      title: 'Results ready',
      message: 'Your lab results are ready',
      relatedEntityType: 'labOrders',
      relatedEntityId: 'L-7',
      navigationTarget: 'LabResult',
      navigationParams: { labOrderId: 'L-7' },
      ...extra,
    }),
  ).item;
}

async function stored(t: TestApp, item: { id: string; organizationId: string }) {
  return ok(await t.call('notifications', 'getById', { id: item.id, organizationId: item.organizationId })).item;
}

async function deviceRow(t: TestApp, id: string) {
  return t.database.db.selectFrom('pushDevices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The clock at NOW and a new recipient with one device whose pushes the provider accepts. */
async function recipientWithDevice(t: TestApp): Promise<{ person: string; tk: string }> {
  clock = NOW;
  const person = newId();
  const tk = token();
  await registerDevice(t, person, tk);
  return { person, tk };
}

/** Runs the worker until a run claims nothing. */
async function drain(worker: DeliveryWorker): Promise<void> {
  while ((await worker.runOnce()) > 0);
}

describeEachDialect(
  'push delivery',
  (t) => {
    test('every active device gets the message: sent, one ticket id per device', async () => {
      clock = NOW;
      const person = newId();
      const tokens = [token(), token()];
      for (const tk of tokens) await registerDevice(t(), person, tk);
      const item = await createNotification(t(), person);
      assert.equal(item.deliveryState, 'pending');
      assert.equal(item.deliveryError, null, 'a provider is configured');
      assert.equal(fake.to(tokens[0]!).length, 0, 'nothing is sent before the worker runs');

      await drain(workerOn(t()));
      const after = await stored(t(), item);
      assert.equal(after.deliveryState, 'sent');
      assert.equal(after.deliveryError, null);
      assert.equal(after.pushTicketIds.length, 2);
      for (const tk of tokens) {
        const [message, ...more] = fake.to(tk);
        assert.equal(more.length, 0);
        assert.equal(message!.title, 'Results ready');
        assert.equal(message!.body, 'Your lab results are ready');
        assert.deepEqual(message!.data, {
          notificationId: item.id,
          organizationId: item.organizationId,
          type: 'lab_result',
          relatedEntityType: 'labOrders',
          relatedEntityId: 'L-7',
          navigationTarget: 'LabResult',
          navigationParams: { labOrderId: 'L-7' },
        });
      }
      await drain(workerOn(t()));
      assert.equal(fake.to(tokens[0]!).length, 1, 'a delivered job is not sent again');
    });

    test('partial failure: some devices refused, partial with the reason, the refused device stays active', async () => {
      clock = NOW;
      const person = newId();
      const good = token();
      const refused = token('refuse');
      await registerDevice(t(), person, good);
      const refusedId = await registerDevice(t(), person, refused);
      const item = await createNotification(t(), person);
      await drain(workerOn(t()));
      const after = await stored(t(), item);
      assert.equal(after.deliveryState, 'partial');
      assert.equal(after.pushTicketIds.length, 1);
      assert.match(after.deliveryError, new RegExp(`device ${refusedId}: MessageTooBig`));
      assert.equal(Boolean((await deviceRow(t(), refusedId)).isActive), true);
    });

    test('a device no longer registered is deactivated with the reason and gets no more pushes', async () => {
      clock = NOW;
      const person = newId();
      const good = token();
      const gone = token('gone');
      await registerDevice(t(), person, good);
      const goneId = await registerDevice(t(), person, gone);
      const first = await createNotification(t(), person);
      await drain(workerOn(t()));
      assert.equal((await stored(t(), first)).deliveryState, 'partial');
      const row = await deviceRow(t(), goneId);
      assert.equal(Boolean(row.isActive), false);
      assert.equal(row.invalidReason, 'DeviceNotRegistered');

      const second = await createNotification(t(), person);
      await drain(workerOn(t()));
      assert.equal(fake.to(gone).length, 1, 'only the first notification went to the unregistered token');
      assert.equal(fake.to(good).length, 2);
      const after = await stored(t(), second);
      assert.equal(after.deliveryState, 'sent');
      assert.equal(after.deliveryError, null);
    });

    test('a recipient without active devices: failed with "no active devices", not retried', async () => {
      clock = NOW;
      const person = newId();
      const only = token('gone');
      await registerDevice(t(), person, only);
      const first = await createNotification(t(), person);
      await drain(workerOn(t()));
      assert.equal((await stored(t(), first)).deliveryState, 'failed', 'its only device is not registered');
      const second = await createNotification(t(), person);
      await drain(workerOn(t()));
      const after = await stored(t(), second);
      assert.equal(after.deliveryState, 'failed');
      assert.equal(after.deliveryError, 'no active devices');
      assert.equal(fake.to(only).length, 1);
      clock = NOW + 3_600_000;
      assert.equal(await workerOn(t()).runOnce(), 0, 'nothing left to retry');
      clock = NOW;
    });

    test('provider down, then back: the job waits out its backoff and is sent once', async () => {
      const { person, tk } = await recipientWithDevice(t());
      const item = await createNotification(t(), person);
      const worker = workerOn(t());
      fake.mode = 'down';
      try {
        assert.equal(await worker.runOnce(), 1);
        const waiting = await stored(t(), item);
        assert.equal(waiting.deliveryState, 'pending');
        assert.match(waiting.deliveryError, /attempt 1 of 3 failed \(push provider answered 503: temporarily unavailable\); retrying/);
        assert.equal(await worker.runOnce(), 0, 'not due before its backoff ends');
        clock = NOW + retryDelayMs(1, OPTIONS.retryBaseMs, OPTIONS.retryMaxMs) - 1;
        assert.equal(await worker.runOnce(), 0);
      } finally {
        fake.mode = 'up';
      }
      clock = NOW + retryDelayMs(1, OPTIONS.retryBaseMs, OPTIONS.retryMaxMs);
      assert.equal(await worker.runOnce(), 1);
      const after = await stored(t(), item);
      assert.equal(after.deliveryState, 'sent');
      assert.equal(after.deliveryError, null);
      assert.equal(fake.to(tk).length, 1);
      clock = NOW;
    });

    test('after the maximum number of attempts the notification is failed with the error', async () => {
      const { person, tk } = await recipientWithDevice(t());
      const item = await createNotification(t(), person);
      const worker = workerOn(t());
      fake.mode = 'down';
      try {
        for (let attempt = 1; attempt <= OPTIONS.maxAttempts; attempt += 1) {
          assert.equal(await worker.runOnce(), 1, `attempt ${attempt}`);
          clock += OPTIONS.retryMaxMs;
        }
        assert.equal(await worker.runOnce(), 0, 'given up');
      } finally {
        fake.mode = 'up';
      }
      const after = await stored(t(), item);
      assert.equal(after.deliveryState, 'failed');
      assert.match(after.deliveryError, /push provider failed 3 times; last: push provider answered 503/);
      const job = await t().database.db.selectFrom('notificationDeliveries').selectAll().where('notificationId', '=', item.id).executeTakeFirstOrThrow();
      assert.equal(job.state, 'failed');
      assert.equal(fake.to(tk).length, 0);
      clock = NOW;
    });

    test('an answer without one ticket per message is a provider error: retried, not recorded as sent', async () => {
      const { person } = await recipientWithDevice(t());
      const item = await createNotification(t(), person);
      fake.mode = 'wrongCount';
      try {
        await workerOn(t()).runOnce();
      } finally {
        fake.mode = 'up';
      }
      const after = await stored(t(), item);
      assert.equal(after.deliveryState, 'pending');
      assert.match(after.deliveryError, /0 tickets for 1 messages/);
      clock = NOW + OPTIONS.retryMaxMs;
      await drain(workerOn(t()));
      assert.equal((await stored(t(), item)).deliveryState, 'sent');
      clock = NOW;
    });

    test('crash between commit and send: a job committed while no worker ran is delivered when a worker starts', async () => {
      const { person, tk } = await recipientWithDevice(t());
      // The process that wrote the notification stopped before any worker sent it.
      const item = await createNotification(t(), person);
      assert.equal((await stored(t(), item)).deliveryState, 'pending');
      assert.equal(fake.to(tk).length, 0);
      // A new process starts on the same database: start() runs at once.
      const restarted = workerOn(t());
      restarted.start();
      await restarted.stop();
      assert.equal((await stored(t(), item)).deliveryState, 'sent');
      assert.equal(fake.to(tk).length, 1);
    });

    test('a job claimed by a process that stopped before settling is claimed again when its lease runs out', async () => {
      const { person, tk } = await recipientWithDevice(t());
      const item = await createNotification(t(), person);
      // The stopped process claimed the job (lease of 30 s) and never answered.
      await t().database.db
        .updateTable('notificationDeliveries')
        .set((eb) => ({ lockedUntil: NOW + 30_000, attempts: eb('attempts', '+', 1) }))
        .where('notificationId', '=', item.id)
        .execute();
      assert.equal(await workerOn(t()).runOnce(), 0, 'leased to the other process');
      clock = NOW + 30_000;
      await drain(workerOn(t()));
      assert.equal((await stored(t(), item)).deliveryState, 'sent');
      assert.equal(fake.to(tk).length, 1);
      clock = NOW;
    });

    test('a notification past expiresAt is not delivered', async () => {
      const { person, tk } = await recipientWithDevice(t());
      const item = await createNotification(t(), person, { expiresAt: NOW + 1000 });
      clock = NOW + 1000;
      await drain(workerOn(t()));
      const after = await stored(t(), item);
      assert.equal(after.deliveryState, 'failed');
      assert.equal(after.deliveryError, 'expired before delivery');
      assert.equal(fake.to(tk).length, 0);
      const already = await createNotification(t(), person, { expiresAt: NOW });
      assert.equal(already.deliveryState, 'failed', 'expired when created: never queued');
      await drain(workerOn(t()));
      assert.equal(fake.to(tk).length, 0);
      clock = NOW;
    });

    test('dedupe: creating twice with one key sends once', async () => {
      const { person, tk } = await recipientWithDevice(t());
      const org = orgId();
      const first = await createNotification(t(), person, { organizationId: org, dedupeKey: 'reminder:1' });
      await drain(workerOn(t()));
      const second = await createNotification(t(), person, { organizationId: org, dedupeKey: 'reminder:1' });
      await drain(workerOn(t()));
      assert.equal(second.id, first.id);
      assert.equal(fake.to(tk).length, 1);
    });

    test('two workers (two connection pools) running concurrently send each job exactly once', async () => {
      clock = NOW;
      let second: ReturnType<typeof openDatabase> | undefined;
      if (t().dialect === 'postgres') {
        second = openDatabase(t().databaseUrl!, { poolSize: 10 });
      }
      try {
        const person = newId();
        const tk = token();
        await registerDevice(t(), person, tk);
        const items = [];
        for (let i = 0; i < 40; i += 1) items.push(await createNotification(t(), person, { title: `n${i}` }));
        const a = workerOn(t(), { batchSize: 3 });
        const b = workerOn(t(), { batchSize: 3 }, second?.db ?? t().database.db);
        await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
        const messages = fake.to(tk);
        assert.equal(messages.length, 40);
        const perNotification = new Map<unknown, number>();
        for (const m of messages) perNotification.set(m.data.notificationId, (perNotification.get(m.data.notificationId) ?? 0) + 1);
        assert.equal(perNotification.size, 40);
        assert.ok([...perNotification.values()].every((n) => n === 1));
        for (const item of items) assert.equal((await stored(t(), item)).deliveryState, 'sent');
      } finally {
        await second?.close();
      }
    });
  },
  { env: { PUSH_URL: fake.url, PUSH_ACCESS_KEY: fake.key }, services: { now: () => clock } },
);

describeEachDialect(
  'push delivery without a provider',
  (t) => {
    test('notifications are stored and listed; delivery stays pending with the reason; no worker runs', async () => {
      const person = newId();
      await registerDevice(t(), person, token());
      const item = await createNotification(t(), person);
      assert.equal(item.deliveryState, 'pending');
      assert.equal(item.deliveryError, NO_PROVIDER);
      assert.equal(ok(await t().call('notifications', 'listByOrganization', { organizationId: item.organizationId })).total, 1);
      assert.equal(deliveryWorkerFor(t().config, t().database, silent), undefined);
      const idle = new DeliveryWorker({ db: t().database.db, dialect: t().dialect, push: undefined, log: silent, options: OPTIONS });
      assert.equal(await idle.runOnce(), 0);
      const job = await t().database.db.selectFrom('notificationDeliveries').selectAll().where('notificationId', '=', item.id).executeTakeFirstOrThrow();
      assert.equal(job.state, 'pending', 'kept for when a provider is configured');
      assert.equal(job.attempts, 0);
    });
  },
);

test('the provider client sends the bearer key and fails on a wrong one', async () => {
  const tk = token();
  const tickets = await httpPush(fake.url, fake.key).send([{ to: tk, title: 't', body: 'b', data: {} }]);
  assert.equal(tickets[0]!.status, 'ok');
  await assert.rejects(httpPush(fake.url, 'wrong').send([{ to: tk, title: 't', body: 'b', data: {} }]), /answered 401: bad access key/);
  await assert.rejects(httpPush('http://127.0.0.1:1/push', fake.key).send([{ to: tk, title: 't', body: 'b', data: {} }]));
});

test('the worker is configured from PUSH_* and backoff doubles up to its maximum', () => {
  const config = loadConfig({ NODE_ENV: 'test', PUSH_URL: 'http://127.0.0.1:9/push', PUSH_POLL_INTERVAL_MS: '250', PUSH_MAX_ATTEMPTS: '4' });
  assert.equal(config.push.pollIntervalMs, 250);
  assert.equal(config.push.maxAttempts, 4);
  assert.throws(() => loadConfig({ PUSH_URL: 'not a url' }), /PUSH_URL/);
  assert.deepEqual([1, 2, 3, 4, 10].map((n) => retryDelayMs(n, 1000, 5000)), [1000, 2000, 4000, 5000, 5000]);
});
