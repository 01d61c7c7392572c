import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect, failsWith, type TestApp } from '../harness.ts';
import { accountWithOrganization, ok, production } from './production.ts';

/**
 * Issue 24, finding 1, for the reads that still had no page budget: the tests of a page of lab
 * orders (up to 100 orders of up to 100 tests, each with free-text instructions) and the waitlist
 * (up to 1,000 entries with notes). Text is written straight into the tables, as it could have
 * been stored before the bounds: two 5 MB values are over the default budget (8 MiB) together, so
 * a read holding both is 413 and a read of one answers it whole (docs/api.md "Bounds").
 */

const FIVE_MB = 'x'.repeat(5 * 1024 * 1024);

function refused(response: Awaited<ReturnType<TestApp['call']>>): void {
  failsWith(response, 'PAYLOAD_TOO_LARGE', 413);
}

describeEachDialect(
  'issue 24 finding 1: lab order tests and the waitlist answer within the page budget',
  (t) => {
    test('labOrders.listByOrganization: two orders whose tests hold 5 MB of instructions are 413 together, one per page works', async () => {
      const owner = await accountWithOrganization(t(), 'lab');
      const org = owner.organizationId;
      const patient = ok(await t().call('patients', 'create', { organizationId: org, name: 'Sampled' }, { token: owner.token }));
      const order = async () =>
        ok(await t().call('labOrders', 'create', { organizationId: org, patientId: patient.item.id, status: 'ordered', priority: 'routine', tests: [{ name: 'CBC' }, { name: 'Lipids' }] }, { token: owner.token })).item;
      const orders = [await order(), await order()];
      await t().database.db.updateTable('labOrderTests').set({ instructions: FIVE_MB }).where('labOrderId', 'in', orders.map((o) => o.id)).where('position', '=', 0).execute();

      refused(await t().call('labOrders', 'listByOrganization', { organizationId: org, pageSize: 20 }, { token: owner.token }));
      const one = ok(await t().call('labOrders', 'listByOrganization', { organizationId: org, pageSize: 1 }, { token: owner.token }));
      assert.equal(one.total, 2);
      assert.deepEqual(
        one.items[0].tests.map((test: { name: string; instructions: string | null }) => [test.name, test.instructions?.length ?? null]),
        [
          ['CBC', FIVE_MB.length],
          ['Lipids', null],
        ],
      );
    });

    test('appointments.listWaitlist: two entries with 5 MB notes are 413 together; one answers whole', async () => {
      const owner = await accountWithOrganization(t(), 'waits');
      const org = owner.organizationId;
      const doctor = await t().database.db.selectFrom('users').select('id').where('organizationId', '=', org).executeTakeFirstOrThrow();
      const patients = [
        ok(await t().call('patients', 'create', { organizationId: org, name: 'First' }, { token: owner.token })).item,
        ok(await t().call('patients', 'create', { organizationId: org, name: 'Second' }, { token: owner.token })).item,
      ];
      const now = Date.now();
      const entries = patients.map((patient, i) => ({
        id: `w-${org}-${i}`,
        organizationId: org,
        doctorId: doctor.id,
        patientId: patient.id,
        serviceId: null,
        date: '2099-01-05',
        duration: 30,
        type: 'consultation',
        notes: 'short',
        status: 'waiting',
        appointmentId: null,
        offeredAt: null,
        createdAt: now + i,
        updatedAt: now + i,
      }));
      await t().database.db.insertInto('appointmentWaitlist').values(entries).execute();
      await t().database.db.updateTable('appointmentWaitlist').set({ notes: FIVE_MB }).where('organizationId', '=', org).execute();

      refused(await t().call('appointments', 'listWaitlist', { organizationId: org }, { token: owner.token }));
      const one = ok(await t().call('appointments', 'listWaitlist', { organizationId: org, patientId: patients[0]!.id }, { token: owner.token }));
      assert.deepEqual(
        one.items.map((entry: { id: string; notes: string; status: string }) => [entry.id, entry.notes.length, entry.status]),
        [[entries[0]!.id, FIVE_MB.length, 'waiting']],
      );
    });

    test('webhooks.listDeliveries: a payload stored too deep answers null, within its result schema', async () => {
      const owner = await accountWithOrganization(t(), 'deephook');
      const org = owner.organizationId;
      const now = Date.now();
      const subscriptionId = `s-${org}`;
      await t().database.db.insertInto('webhookSubscriptions').values({ id: subscriptionId, organizationId: org, url: 'https://hooks.example.com/in', eventTypes: '["*"]', secret: 'whsec_c2VjcmV0', description: null, isActive: true, createdAt: now, updatedAt: now }).execute();
      const deep = `{"type":"appointment.created","timestamp":"2030-01-01T00:00:00.000Z","data":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
      await t().database.db
        .insertInto('webhookDeliveries')
        .values({ id: `d-${org}`, organizationId: org, subscriptionId, eventType: 'appointment.created', payload: deep, state: 'delivered', attempts: 1, nextAttemptAt: now, lockedUntil: null, lastStatus: 200, lastError: null, deliveredAt: now, createdAt: now, updatedAt: now })
        .execute();
      // The harness checks every answer against the operation's result schema.
      const page = ok(await t().call('webhooks', 'listDeliveries', { organizationId: org, subscriptionId }, { token: owner.token }));
      assert.deepEqual(
        page.items.map((d: { id: string; payload: unknown }) => [d.id, d.payload]),
        [[`d-${org}`, null]],
      );
    });
  },
  production(),
);
