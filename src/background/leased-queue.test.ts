import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Selectable } from 'kysely';
import { orgId } from '../../test/builders.ts';
import { describeEachDialect, type TestApp } from '../../test/harness.ts';
import { openDatabase, type DatabaseHandle, type Db } from '../db/database.ts';
import type { WebhookDeliveriesTable } from '../namespaces/webhooks/webhooks.table.ts';
import { claimDue, nextAttemptAt, stillHeld, type LeasedQueue } from './leased-queue.ts';

const T0 = Date.UTC(2030, 0, 15, 9, 0);
const LEASE_MS = 60_000;

type Row = Selectable<WebhookDeliveriesTable>;
const read = (db: Db, ids: readonly string[]) => db.selectFrom('webhookDeliveries').selectAll().where('id', 'in', ids).orderBy('nextAttemptAt').orderBy('id').execute();

/** Any table with an id, a state and a lease will do: here the webhooks' outbox, each test in an organization of its own. */
const queue: LeasedQueue<'webhookDeliveries', Row> = { table: 'webhookDeliveries', waiting: 'pending', due: 'nextAttemptAt', attempts: 'attempts', changedAt: 'updatedAt', read };
/** The same rows with a state of their own while leased. */
const sending: LeasedQueue<'webhookDeliveries', Row> = { table: 'webhookDeliveries', waiting: 'pending', leased: 'sending', due: 'nextAttemptAt', read };

async function rows(t: TestApp, organizationId: string, dueAt: readonly number[], lockedUntil: number | null = null): Promise<string[]> {
  const ids = dueAt.map((_, i) => `${organizationId}-${String(i).padStart(3, '0')}`);
  await t.database.db
    .insertInto('webhookDeliveries')
    .values(
      ids.map((id, i) => ({
        id, organizationId, subscriptionId: 's', eventType: 'stock.low', payload: '{}', state: 'pending', attempts: 0, nextAttemptAt: dueAt[i]!,
        lockedUntil, lastStatus: null, lastError: null, deliveredAt: null, createdAt: T0, updatedAt: T0,
      })),
    )
    .execute();
  return ids;
}

const claim = (db: Db, organizationId: string, now: number, limit = 10, q = queue) => claimDue(db, q, { now, leaseMs: LEASE_MS, limit, only: { column: 'organizationId', values: [organizationId] } });

const settle = (db: Db, row: { id: string; lease: number }, q = queue) =>
  db.updateTable('webhookDeliveries').set({ state: 'delivered', lockedUntil: null }).where(stillHeld(q, row)).executeTakeFirst();

describeEachDialect('the leased queue', (t) => {
  test('takes up to the limit of due rows nobody holds, earliest first, with a lease; counts the attempt and stamps the change', async () => {
    const org = orgId();
    const ids = await rows(t(), org, [T0 + 2, T0, T0 + 1, T0 + 5]);
    await rows(t(), `${org}-held`, [T0], T0 + 1);
    const taken = await claim(t().database.db, org, T0 + 2, 2);
    assert.deepEqual(taken.map((r) => [r.id, Number(r.attempts), Number(r.lockedUntil), Number(r.updatedAt), r.lease]), [
      [ids[1], 1, T0 + 2 + LEASE_MS, T0 + 2, T0 + 2 + LEASE_MS],
      [ids[2], 1, T0 + 2 + LEASE_MS, T0 + 2, T0 + 2 + LEASE_MS],
    ]);
    assert.deepEqual((await claim(t().database.db, org, T0 + 2)).map((r) => r.id), [ids[0]], 'the rest of what is due; not what is due later');
    assert.deepEqual(await claim(t().database.db, org, T0 + 3), [], 'all due rows are held');
    assert.deepEqual(await claim(t().database.db, `${org}-held`, T0), [], 'held by another claimer');
  });

  test('a row whose lease ran out is taken again, and the claimer that lost it writes nothing', async () => {
    const org = orgId();
    await rows(t(), org, [T0]);
    const [first] = await claim(t().database.db, org, T0);
    assert.deepEqual(await claim(t().database.db, org, T0 + LEASE_MS - 1), []);
    const [second] = await claim(t().database.db, org, T0 + LEASE_MS);
    assert.equal(Number(second!.attempts), 2);
    assert.equal(Number((await settle(t().database.db, first!)).numUpdatedRows), 0, 'lost its lease');
    assert.equal(Number((await settle(t().database.db, second!)).numUpdatedRows), 1);
    assert.deepEqual(await claim(t().database.db, org, T0 + 10 * LEASE_MS), [], 'settled');
  });

  test('a queue with a state of its own while leased: taken rows show it, and are taken again after the lease', async () => {
    const org = orgId();
    await rows(t(), org, [T0]);
    const [taken] = await claim(t().database.db, org, T0, 10, sending);
    assert.deepEqual([taken!.state, Number(taken!.attempts)], ['sending', 0], 'this queue counts no attempts');
    assert.deepEqual(await claim(t().database.db, org, T0 + 1, 10, sending), []);
    const [again] = await claim(t().database.db, org, T0 + LEASE_MS, 10, sending);
    assert.equal(Number((await settle(t().database.db, taken!, sending)).numUpdatedRows), 0);
    assert.equal(Number((await settle(t().database.db, again!, sending)).numUpdatedRows), 1);
  });

  test('two claimers on their own connections, at once, until nothing is left: each row is taken once', async () => {
    const org = orgId();
    const ids = await rows(t(), org, Array.from({ length: 60 }, (_, i) => T0 + (i % 7)));
    let other: DatabaseHandle = t().database;
    if (t().dialect === 'postgres') {
      other = openDatabase(t().databaseUrl!, { poolSize: 4 });
    }
    try {
      const taken: string[] = [];
      const drain = async (db: Db) => {
        for (let batch = await claim(db, org, T0 + 10, 3); batch.length > 0; batch = await claim(db, org, T0 + 10, 3)) taken.push(...batch.map((r) => r.id));
      };
      await Promise.all([drain(t().database.db), drain(other.db), drain(t().database.db), drain(other.db)]);
      assert.equal(taken.length, ids.length, 'no row taken twice');
      assert.deepEqual([...taken].sort(), ids);
    } finally {
      if (other !== t().database) await other.close();
    }
  });
});

test('after a failed attempt a row is due again after a backoff that doubles up to its maximum, until the attempts run out', () => {
  const policy = { maxAttempts: 4, retryBaseMs: 1000, retryMaxMs: 3000 };
  assert.deepEqual([1, 2, 3, 4, 5].map((attempts) => nextAttemptAt(attempts, policy, T0)), [T0 + 1000, T0 + 2000, T0 + 3000, undefined, undefined]);
});
