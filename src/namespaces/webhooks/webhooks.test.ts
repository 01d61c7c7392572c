import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { after, before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { orgId, signIn, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';
import { JobRunner } from '../../background/runner.ts';
import { createServices } from '../../providers/index.ts';
import { deliverWebhooks } from './webhooks.jobs.ts';

/** A local receiver: answers what `status` says, keeps what it got. */
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let status = 204;
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (c: Buffer) => (body += c.toString('utf8')));
  request.on('end', () => {
    received.push({ headers: request.headers, body });
    response.writeHead(status).end();
  });
});
receiver.listen(0, '127.0.0.1');
await once(receiver, 'listening');
const URL_ = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
after(() => receiver.close());

/** Real time: receivers verify the signature's timestamp against their own clock (5 minutes of tolerance). */
let clock = Date.now();

/** What an event carries, read freely (its shape is asserted). */
interface QueuedData {
  admissionId?: string;
  payment: { amount: number };
  item: Record<string, unknown>;
  batch: { batchNumber: string };
}

describeEachDialect(
  'webhooks: signed deliveries of what happens in the organization',
  (t) => {
    const org = orgId();
    let admin: SignedIn;
    let doctor: SignedIn;
    const call = (apiName: string, data: Record<string, unknown>, token = admin.token) => t().call('webhooks', apiName, data, { token });
    const deliver = () =>
      new JobRunner({ database: t().database, config: t().config, services: createServices(t().config, t().app.log), log: t().app.log, jobs: [deliverWebhooks], now: () => clock }).runDue();
    const later = async (ms: number) => {
      clock += ms;
      await deliver();
    };
    let patient: string;
    before(async () => {
      clock = Date.now();
      admin = await signIn(t(), { organizationId: org, roles: ['admin'] });
      doctor = await signIn(t(), { organizationId: org, roles: ['doctor'] });
      patient = ok(await t().call('patients', 'create', { organizationId: org, name: 'Asha Rao' }, { token: admin.token })).item.id;
      received.length = 0;
    });
    const book = async (time: string) =>
      ok(await t().call('appointments', 'create', { organizationId: org, patientId: patient, doctorId: doctor.userId, scheduledDate: '2030-03-04', scheduledTime: time, duration: 30, type: 'consultation' }, { token: admin.token })).item;

    test('a subscriber gets the events it chose, signed with its secret, written with the change', async () => {
      const { item, secret } = ok(await call('subscribe', { organizationId: org, url: URL_, eventTypes: ['appointment.created', 'appointment.cancelled'] }));
      assert.match(secret, /^whsec_/);
      assert.equal(item.secret, undefined, 'the secret is shown once, not in the record');
      assert.equal(ok(await call('listSubscriptions', { organizationId: org })).items[0].secret, undefined);
      const appointment = await book('10:00');
      ok(await t().call('appointments', 'cancel', { id: appointment.id, organizationId: org, reason: 'patient asked' }, { token: admin.token }));
      await book('11:00');
      received.length = 0;
      await later(10_000);
      assert.equal(received.length, 3);
      const verifier = new Webhook(secret);
      const events = received.map((r) => verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: { appointment: { id: string } } });
      assert.deepEqual(events.map((e) => e.type).sort(), ['appointment.cancelled', 'appointment.created', 'appointment.created']);
      assert.ok(events.some((e) => e.type === 'appointment.cancelled' && e.data.appointment.id === appointment.id));
      assert.throws(() => new Webhook(`whsec_${Buffer.from('another secret of thirty-two bytes!').toString('base64')}`).verify(received[0]!.body, received[0]!.headers as Record<string, string>), 'another secret does not verify');
      await later(10_000);
      assert.equal(received.length, 3, 'each delivered once');
    });

    test('a failing receiver is retried with backoff, then the delivery fails; the log shows it; redelivery sends it again', async () => {
      const { item } = ok(await call('subscribe', { organizationId: org, url: URL_, eventTypes: ['admission.admitted', 'admission.discharged', 'appointment.rescheduled'] }));
      const appointment = await book('14:00');
      ok(await t().call('appointments', 'reschedule', { id: appointment.id, organizationId: org, scheduledDate: '2030-03-04', scheduledTime: '15:00', rescheduleReason: 'doctor late' }, { token: admin.token }));
      status = 500;
      received.length = 0;
      await later(10_000);
      const firstTry = received.filter((r) => r.body.includes('appointment.rescheduled')).length;
      assert.equal(firstTry, 1);
      await later(1_000);
      assert.equal(received.filter((r) => r.body.includes('appointment.rescheduled')).length, 1, 'not before its backoff');
      const log = ok(await call('listDeliveries', { organizationId: org, subscriptionId: item.id }));
      assert.equal(log.items[0].state, 'pending');
      assert.equal(log.items[0].lastStatus, 500);
      assert.equal(log.items[0].attempts, 1);
      for (let i = 0; i < 12; i++) await later(7 * 60 * 60_000);
      const failed = ok(await call('listDeliveries', { organizationId: org, subscriptionId: item.id, state: 'failed' }));
      assert.equal(failed.total, 1);
      assert.equal(failed.items[0].attempts, t().config.webhooks.maxAttempts);
      assert.match(failed.items[0].lastError, /gave up after 8 attempts; last: answered 500/);
      const ids = new Set(received.filter((r) => r.body.includes('appointment.rescheduled')).map((r) => r.headers['webhook-id']));
      assert.equal(ids.size, 1, 'every retry carries the same webhook-id');
      status = 200;
      ok(await call('redeliver', { organizationId: org, id: failed.items[0].id }));
      await later(10_000);
      assert.equal(ok(await call('listDeliveries', { organizationId: org, subscriptionId: item.id, state: 'delivered' })).total, 1);
    });

    test('appointments.update that cancels or moves an appointment is an event as a move is', async () => {
      const { item } = ok(await call('subscribe', { organizationId: org, url: URL_, eventTypes: ['appointment.cancelled', 'appointment.rescheduled', 'appointment.completed'] }));
      const queued = async () =>
        (await t().database.db.selectFrom('webhookDeliveries').select(['eventType', 'payload']).where('subscriptionId', '=', item.id).orderBy('createdAt').orderBy('id').execute()).map((r) => ({ type: r.eventType, data: (JSON.parse(r.payload) as { data: { appointment: { id: string }; previous?: { scheduledTime: string } } }).data }));
      const moved = await book('16:00');
      const cancelled = await book('17:00');
      ok(await t().call('appointments', 'update', { organizationId: org, id: moved.id, scheduledTime: '16:30' }, { token: admin.token }));
      ok(await t().call('appointments', 'update', { organizationId: org, id: cancelled.id, status: 'cancelled', cancelledReason: 'patient called' }, { token: admin.token }));
      ok(await t().call('appointments', 'update', { organizationId: org, id: cancelled.id, notes: 'called back' }, { token: admin.token }));
      const events = await queued();
      assert.deepEqual(events.map((e) => [e.type, e.data.appointment.id]), [['appointment.rescheduled', moved.id], ['appointment.cancelled', cancelled.id]]);
      assert.equal(events[0]!.data.previous?.scheduledTime, '16:00');
    });

    test('payments and stock changes are events too: queued in the transaction of the change', async () => {
      const { item } = ok(await call('subscribe', { organizationId: org, url: URL_, eventTypes: ['payment.recorded', 'stock.low', 'stock.expiring'] }));
      const queued = async () =>
        (await t().database.db.selectFrom('webhookDeliveries').select(['eventType', 'payload']).where('subscriptionId', '=', item.id).orderBy('createdAt').orderBy('id').execute()).map((r) => ({ type: r.eventType, data: (JSON.parse(r.payload) as { data: QueuedData }).data }));
      const admission = ok(await t().call('admissions', 'create', { organizationId: org, patientId: patient, admittingDoctorId: doctor.userId, admissionReason: 'Observation', status: 'REQUESTED', requestedAt: clock }, { token: admin.token })).item;
      ok(await t().call('admissions', 'recordPayment', { admissionId: admission.id, organizationId: org, amount: 1500, method: 'card' }, { token: admin.token }));
      const stock = ok(await t().call('inventoryItems', 'create', { organizationId: org, itemName: 'Insulin pen', quantity: 10, minStock: 4 }, { token: admin.token })).item;
      ok(await t().call('inventoryItems', 'issueStock', { organizationId: org, inventoryItemId: stock.id, quantity: 7, type: 'ISSUE' }, { token: admin.token }));
      const soon = new Date(clock + 10 * 86_400_000).toISOString().slice(0, 10);
      ok(await t().call('inventoryItems', 'receiveStock', { organizationId: org, inventoryItemId: stock.id, quantity: 5, batchNumber: 'INS-9', expiryDate: soon }, { token: admin.token }));
      // A refused change writes no event.
      failsWith(await t().call('inventoryItems', 'issueStock', { organizationId: org, inventoryItemId: stock.id, quantity: 999, type: 'ISSUE' }, { token: admin.token }), 'INVALID_STATE', 409);
      const events = await queued();
      assert.deepEqual(events.map((e) => e.type), ['payment.recorded', 'stock.low', 'stock.expiring']);
      assert.equal(events[0]!.data.admissionId, admission.id);
      assert.equal(events[0]!.data.payment.amount, 1500);
      assert.deepEqual(events[1]!.data.item, { id: stock.id, itemName: 'Insulin pen', quantity: 3, minStock: 4 });
      assert.equal(events[2]!.data.batch.batchNumber, 'INS-9');
    });

    test('targets on private or loopback addresses are refused unless allowed; only admins subscribe; other organizations see nothing', async () => {
      const strict = t().config.webhooks.allowPrivateTargets;
      assert.equal(strict, true, 'this suite allows loopback (the receiver is local)');
      const other = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
      failsWith(await call('subscribe', { organizationId: org, url: URL_, eventTypes: ['*'] }, doctor.token), 'FORBIDDEN', 403);
      failsWith(await call('subscribe', { organizationId: org, url: URL_, eventTypes: ['*'] }, other.token), 'FORBIDDEN', 403);
      failsWith(await call('subscribe', { organizationId: org, url: 'ftp://example.com/x', eventTypes: ['*'] }), 'VALIDATION_FAILED', 400);
      failsWith(await call('subscribe', { organizationId: org, url: URL_, eventTypes: ['appointment.exploded'] }), 'VALIDATION_FAILED', 400);
      const mine = ok(await call('listSubscriptions', { organizationId: org })).items[0];
      failsWith(await call('listDeliveries', { organizationId: org, subscriptionId: mine.id }, other.token), 'FORBIDDEN', 403);
      failsWith(await call('unsubscribe', { organizationId: other.userId, id: mine.id }, other.token), 'FORBIDDEN', 403);
    });
  },
  { services: { now: () => clock }, env: { AUTH_MODE: 'required', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } },
);

describeEachDialect(
  'webhooks: private targets refused by default',
  (t: () => TestApp) => {
    test('loopback, private, link-local and unspecified addresses are refused (checked again before each delivery)', async () => {
      const org = orgId();
      const admin = await signIn(t(), { organizationId: org, roles: ['admin'] });
      for (const url of ['http://127.0.0.1:9/x', 'http://localhost/x', 'http://10.1.2.3/x', 'http://192.168.0.10/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://0.0.0.0/x']) {
        const answer = await t().call('webhooks', 'subscribe', { organizationId: org, url, eventTypes: ['*'] }, { token: admin.token });
        failsWith(answer, 'VALIDATION_FAILED', 400);
        assert.match(answer.body.error.message, /private targets are not allowed|does not resolve/, url);
      }
    });
  },
  { env: { AUTH_MODE: 'required' } },
);
