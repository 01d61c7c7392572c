import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect, failsWith, type TestApp } from '../harness.ts';
import { accountWithOrganization, ok, production } from './production.ts';

/**
 * Issue 24, finding 1, for the hand-written lists: a page answer has a byte budget whatever was
 * stored before the bounds existed (docs/api.md "Bounds"). Rows are written straight into the
 * tables, as they could have been stored before the bounds: two 5 MB values are over the default
 * budget (8 MiB) together, so a page holding both is 413 with the pageSize advice and a page of one
 * answers; a stored value nested far deeper than JSON.stringify can write answers null, never 500.
 */

const FIVE_MB = 5 * 1024 * 1024;

/** A list of `bytes / 100` strings of 98 characters: about `bytes` of JSON. */
const bigList = (bytes = FIVE_MB) => Array.from({ length: Math.ceil(bytes / 100) }, (_, i) => String(i).padStart(98, 'x'));
/** A JSON object text `depth` levels deep (JSON.stringify could not write it). */
const deepText = (depth: number) => `${'{"a":'.repeat(depth)}"end"${'}'.repeat(depth)}`;
const DEEP = 100_000;

/** A page with the pageSize advice (413). */
function refusedWithAdvice(response: Awaited<ReturnType<TestApp['call']>>): void {
  const error = failsWith(response, 'PAYLOAD_TOO_LARGE', 413);
  assert.match(error.message, /pageSize/);
}

async function insert(t: TestApp, table: string, rows: Record<string, unknown>[]): Promise<void> {
  const db = t.database.db as unknown as { insertInto(table: string): { values(rows: unknown): { execute(): Promise<unknown> } } };
  for (const row of rows) await db.insertInto(table).values(row).execute();
}

async function usersRowOf(t: TestApp, organizationId: string): Promise<Record<string, unknown>> {
  return (await t.database.db.selectFrom('users').selectAll().where('organizationId', '=', organizationId).executeTakeFirstOrThrow());
}

function notification(organizationId: string, recipient: string, i: number, navigationParams: string | null): Record<string, unknown> {
  const at = Date.now() + i;
  return {
    id: `n-${organizationId}-${i}`,
    organizationId,
    recipientIdpUserId: recipient,
    recipientRole: 'admin',
    type: 'general',
    title: `Title ${i}`,
    message: `Message ${i}`,
    priority: null,
    relatedEntityType: null,
    relatedEntityId: null,
    actionUrl: null,
    navigationTarget: null,
    navigationParams,
    channels: null,
    deliveryState: null,
    pushTicketIds: null,
    deliveryError: null,
    channelDelivery: null,
    dedupeKey: null,
    expiresAt: null,
    recipientRule: 1,
    isRead: 0,
    readAt: null,
    openedAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

function appointment(organizationId: string, patientId: string, doctorId: string, i: number, history: string | null): Record<string, unknown> {
  const at = Date.now() + i;
  const startMinute = 29_000_000 + i * 30;
  return {
    id: `a-${organizationId}-${i}`,
    organizationId,
    organizationBranchId: null,
    patientId,
    doctorId,
    serviceId: null,
    scheduledDate: '2030-01-01',
    scheduledTime: '09:00',
    duration: 30,
    startMinute,
    endMinute: startMinute + 30,
    type: null,
    status: 'scheduled',
    stage: 'scheduled',
    reason: `Visit ${i}`,
    notes: null,
    rescheduleReason: null,
    cancelledAt: null,
    cancelledReason: null,
    consultationFee: null,
    paymentStatus: null,
    amountPaid: null,
    paidAt: null,
    paymentMethod: null,
    gateway: null,
    gatewayOrderId: null,
    gatewayPaymentId: null,
    checkoutSessionId: null,
    holdExpiresAt: null,
    isPreConsultationCompleted: null,
    followUpDate: null,
    followUpStatus: null,
    followUpNotificationSent: null,
    callJoinNotifiedAt: null,
    patientJoinedAt: null,
    history,
    seriesId: null,
    holdLapsedAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

const historyEntry = (i: number) => ({ at: 1_893_456_000_000 + i, by: 'someone', operation: 'update', previous: { scheduledDate: '2030-01-01', scheduledTime: '09:00', duration: 30, status: `status ${i}` }, reason: 'a reason of some length to make the entry larger' });
const bigHistory = () => JSON.stringify(Array.from({ length: Math.ceil(FIVE_MB / 200) }, (_, i) => historyEntry(i)));

describeEachDialect(
  'issue 24 finding 1: every list answers within the page budget',
  (t) => {
    test('users.listByOrganization: two users with a 5 MB organizationBranchIds are 413 together, one per page works', async () => {
      const owner = await accountWithOrganization(t(), 'users');
      const seed = await usersRowOf(t(), owner.organizationId);
      const big = JSON.stringify(bigList());
      await insert(
        t(),
        'users',
        [0, 1].map((i) => ({ ...seed, id: `u-${owner.organizationId}-${i}`, idpUserId: `legacy-${owner.organizationId}-${i}`, email: `legacy${i}@example.com`, organizationBranchIds: big, createdAt: Number(seed.createdAt) + 1 + i })),
      );
      refusedWithAdvice(await t().call('users', 'listByOrganization', { organizationId: owner.organizationId, pageSize: 100 }, { token: owner.token }));
      const one = ok(await t().call('users', 'listByOrganization', { organizationId: owner.organizationId, pageSize: 1, page: 2 }, { token: owner.token }));
      assert.equal(one.items.length, 1);
      assert.equal(one.total, 3);
    });

    test('audit.listReads: two read entries naming 5 MB of record ids are 413 together, one per page works', async () => {
      const owner = await accountWithOrganization(t(), 'reads');
      const big = JSON.stringify(bigList());
      const now = Date.now();
      await insert(
        t(),
        'patientDataReads',
        [0, 1].map((i) => ({ id: `r-${owner.organizationId}-${i}`, at: now + i, actorIdpUserId: owner.idpUserId, operation: 'exports.start', organizationId: owner.organizationId, recordIds: big, patientIds: '[]', requestId: null, ip: null })),
      );
      refusedWithAdvice(await t().call('audit', 'listReads', { organizationId: owner.organizationId, pageSize: 100 }, { token: owner.token }));
      const one = ok(await t().call('audit', 'listReads', { organizationId: owner.organizationId, pageSize: 1 }, { token: owner.token }));
      assert.equal(one.items.length, 1);
      assert.equal(one.items[0].recordIds.length, bigList().length);
    });

    test('notifications.listByOrganization: 5 MB navigationParams are 413 together, one per page works; a normal page is unchanged', async () => {
      const owner = await accountWithOrganization(t(), 'notes');
      const org = owner.organizationId;
      const bigParams = JSON.stringify(Object.fromEntries(bigList().map((v, i) => [`k${i}`, v])));
      await insert(t(), 'notifications', [notification(org, owner.idpUserId, 0, JSON.stringify({ screen: 'home' })), notification(org, owner.idpUserId, 1, bigParams), notification(org, owner.idpUserId, 2, bigParams)]);
      refusedWithAdvice(await t().call('notifications', 'listByOrganization', { organizationId: org, pageSize: 20 }, { token: owner.token }));
      const one = ok(await t().call('notifications', 'listByOrganization', { organizationId: org, pageSize: 1 }, { token: owner.token }));
      assert.equal(one.items.length, 1);
      assert.equal(one.total, 3);
      const normal = ok(await t().call('notifications', 'listByOrganization', { organizationId: org, pageSize: 1, page: 3 }, { token: owner.token }));
      assert.deepEqual(normal.items[0].navigationParams, { screen: 'home' });
      assert.equal(normal.items[0].title, 'Title 0');
    });

    test('appointments.listByOrganization: 5 MB histories are 413 together, one per page works', async () => {
      const owner = await accountWithOrganization(t(), 'visits');
      const org = owner.organizationId;
      const patient = ok(await t().call('patients', 'create', { organizationId: org, name: 'Visitor' }, { token: owner.token }));
      const doctor = await usersRowOf(t(), org);
      const history = bigHistory();
      await insert(t(), 'appointments', [0, 1].map((i) => appointment(org, patient.item.id, String(doctor.id), i, history)));
      refusedWithAdvice(await t().call('appointments', 'listByOrganization', { organizationId: org, pageSize: 20 }, { token: owner.token }));
      const one = ok(await t().call('appointments', 'listByOrganization', { organizationId: org, pageSize: 1 }, { token: owner.token }));
      assert.equal(one.items.length, 1);
      assert.equal(one.total, 2);
      // A history stored before its bound is read whole by the database but answered as its newest entries (HISTORY_LIMIT).
      assert.equal(one.items[0].history.length, 50);
      assert.deepEqual(one.items[0].history.at(-1), JSON.parse(history).at(-1));
    });

    test('webhooks.listDeliveries: 5 MB payloads are 413 together, one per page works; a normal page is unchanged', async () => {
      const owner = await accountWithOrganization(t(), 'hooks');
      const org = owner.organizationId;
      const now = Date.now();
      const subscriptionId = `s-${org}`;
      await insert(t(), 'webhookSubscriptions', [{ id: subscriptionId, organizationId: org, url: 'https://hooks.example.com/in', eventTypes: '["*"]', secret: 'whsec_c2VjcmV0', description: null, isActive: 1, createdAt: now, updatedAt: now }]);
      const body = (data: unknown) => JSON.stringify({ type: 'appointment.created', timestamp: new Date(now).toISOString(), data });
      const delivery = (i: number, payload: string) => ({ id: `d-${org}-${i}`, organizationId: org, subscriptionId, eventType: 'appointment.created', payload, state: 'delivered', attempts: 1, nextAttemptAt: now, lockedUntil: null, lastStatus: 200, lastError: null, deliveredAt: now, createdAt: now + i, updatedAt: now + i });
      const big = body({ address: bigList() });
      await insert(t(), 'webhookDeliveries', [delivery(0, body({ id: 'a1' })), delivery(1, big), delivery(2, big)]);
      refusedWithAdvice(await t().call('webhooks', 'listDeliveries', { organizationId: org, subscriptionId, pageSize: 20 }, { token: owner.token }));
      const one = ok(await t().call('webhooks', 'listDeliveries', { organizationId: org, subscriptionId, pageSize: 1 }, { token: owner.token }));
      assert.equal(one.items[0].payload.data.address.length, bigList().length);
      const normal = ok(await t().call('webhooks', 'listDeliveries', { organizationId: org, subscriptionId, pageSize: 1, page: 3 }, { token: owner.token }));
      assert.deepEqual(normal.items[0].payload.data, { id: 'a1' });
      assert.equal(normal.total, 3);
    });

    test('a patient address stored 100,000 levels deep answers null in the list and by id, not 500', async () => {
      const owner = await accountWithOrganization(t(), 'deep');
      const org = owner.organizationId;
      const created = ok(await t().call('patients', 'create', { organizationId: org, name: 'Deep', address: { city: 'Pune' } }, { token: owner.token }));
      ok(await t().call('patients', 'create', { organizationId: org, name: 'Plain', address: { city: 'Goa' } }, { token: owner.token }));
      await t().database.db.updateTable('patients').set({ address: deepText(DEEP) }).where('id', '=', created.item.id).execute();
      const list = ok(await t().call('patients', 'listByOrganization', { organizationId: org }, { token: owner.token }));
      assert.deepEqual(
        list.items.map((p: { name: string; address: unknown }) => [p.name, p.address]),
        [
          ['Plain', { city: 'Goa' }],
          ['Deep', null],
        ],
      );
      const byId = ok(await t().call('patients', 'getById', { organizationId: org, id: created.item.id }, { token: owner.token }));
      assert.equal(byId.item.address, null);
    });

    test('notifications with navigationParams stored 100,000 levels deep answer null, not 500', async () => {
      const owner = await accountWithOrganization(t(), 'deepnote');
      const org = owner.organizationId;
      await insert(t(), 'notifications', [notification(org, owner.idpUserId, 0, deepText(DEEP)), notification(org, owner.idpUserId, 1, '{"screen":"home"}')]);
      const list = ok(await t().call('notifications', 'listByOrganization', { organizationId: org }, { token: owner.token }));
      assert.deepEqual(
        list.items.map((n: { title: string; navigationParams: unknown }) => [n.title, n.navigationParams]),
        [
          ['Title 1', { screen: 'home' }],
          ['Title 0', null],
        ],
      );
    });
  },
  production(),
);
