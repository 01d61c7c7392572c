import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { signIn, tokenFor } from '../../../test/builders.ts';
import { newId } from '../../values/ids.ts';
import { describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';
import { AFTER_THE_VISITS, appointments, booking, clinic, type Clinic } from './appointments.testkit.ts';
import { addDays } from '../../time/zone.ts';
import { paymentSignature } from './markPaymentSuccess.ts';

const START = AFTER_THE_VISITS;
let clock = START;
const SECRET = 'gateway-secret-for-tests-0123456789';

async function auditRows(t: TestApp, recordId: string) {
  return t.database.db.selectFrom('auditLog').select(['operation', 'actorId']).where('recordId', '=', recordId).orderBy('at').orderBy('id').execute();
}

async function notificationsOf(t: TestApp, appointmentId: string) {
  return t.database.db.selectFrom('notifications').selectAll().where('relatedEntityId', '=', appointmentId).orderBy('createdAt').execute();
}

describeEachDialect(
  'appointments workflow',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>, token?: string) => appointments(t())(apiName, data, token);
    let c: Clinic;
    let day = 0;
    /** A fresh date for each booking, so tests never clash with each other. */
    const nextDate = () => addDays('2030-10-01', ++day);
    const book = async (data: Record<string, unknown> = {}) => ok(await call('create', booking(c, { scheduledDate: nextDate(), ...data }))).item;
    const hold = async (data: Record<string, unknown> = {}) => ok(await call('createPending', booking(c, { scheduledDate: nextDate(), consultationFee: 400, ...data }))).item;
    const setStatus = async (id: string, status: string) => ok(await call('update', { id, organizationId: c.org, status }));

    before(async () => {
      c = await clinic(t());
    });

    describe('markPaymentSuccess', () => {
      test('pays a pending hold: paid, amount defaults to the fee, paidAt now, gateway references, confirmed', async () => {
        clock = START;
        const pending = await hold();
        clock = START + 60_000;
        const { item, alreadyRecorded } = ok(
          await call('markPaymentSuccess', { id: pending.id, organizationId: c.org, paymentMethod: 'upi', gateway: 'pg', gatewayOrderId: 'order_1', gatewayPaymentId: 'pay_1', checkoutSessionId: 'cs_1' }),
        );
        assert.equal(alreadyRecorded, false);
        assert.equal(item.status, 'confirmed');
        assert.equal(item.paymentStatus, 'paid');
        assert.equal(item.amountPaid, 400);
        assert.equal(item.paidAt, START + 60_000);
        assert.equal(item.paymentMethod, 'upi');
        assert.deepEqual([item.gateway, item.gatewayOrderId, item.gatewayPaymentId, item.checkoutSessionId], ['pg', 'order_1', 'pay_1', 'cs_1']);
        assert.equal(item.holdExpiresAt, null);
        assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: c.org })).item, item);
        assert.deepEqual((await auditRows(t(), item.id)).map((r) => r.operation), ['appointments.createPending', 'appointments.markPaymentSuccess']);
        clock = START;
      });

      test('the same payment reported twice changes nothing; another payment on a paid appointment is CONFLICT', async () => {
        const pending = await hold();
        const first = ok(await call('markPaymentSuccess', { id: pending.id, organizationId: c.org, amountPaid: 400, gatewayOrderId: 'o2', gatewayPaymentId: 'pay_2' })).item;
        clock = START + 5 * 60_000;
        const again = ok(await call('markPaymentSuccess', { id: pending.id, organizationId: c.org, amountPaid: 999, gatewayOrderId: 'o2', gatewayPaymentId: 'pay_2', status: 'completed' }));
        assert.equal(again.alreadyRecorded, true);
        assert.deepEqual(again.item, first);
        failsWith(await call('markPaymentSuccess', { id: pending.id, organizationId: c.org, gatewayPaymentId: 'pay_3' }), 'CONFLICT', 409);
        failsWith(await call('markPaymentSuccess', { id: pending.id, organizationId: c.org, paymentMethod: 'cash' }), 'CONFLICT', 409);
        assert.deepEqual(ok(await call('getById', { id: pending.id, organizationId: c.org })).item, first);
        // One gateway payment pays one appointment.
        const other = await hold();
        failsWith(await call('markPaymentSuccess', { id: other.id, organizationId: c.org, gatewayPaymentId: 'pay_2' }), 'CONFLICT', 409);
        clock = START;
      });

      test('status moves forward only: a given forward status is kept, a step back is INVALID_STATE, unknown is VALIDATION_FAILED', async () => {
        const a = await book({ consultationFee: 100 });
        assert.equal(ok(await call('markPaymentSuccess', { id: a.id, organizationId: c.org, status: 'checked_in' })).item.status, 'checked_in');
        const b = await book();
        await setStatus(b.id, 'in_consultation');
        failsWith(await call('markPaymentSuccess', { id: b.id, organizationId: c.org, status: 'confirmed' }), 'INVALID_STATE', 409);
        const kept = ok(await call('markPaymentSuccess', { id: b.id, organizationId: c.org, amountPaid: 50.5 })).item;
        assert.equal(kept.status, 'in_consultation');
        assert.equal(kept.amountPaid, 50.5);
        failsWith(await call('markPaymentSuccess', { id: a.id, organizationId: c.org, status: 'paid' }), 'VALIDATION_FAILED', 400);
        failsWith(await call('markPaymentSuccess', { id: a.id, organizationId: c.org, amountPaid: 1.234 }), 'VALIDATION_FAILED', 400);
        failsWith(await call('markPaymentSuccess', { organizationId: c.org }), 'VALIDATION_FAILED', 400);
      });

      test('completed, cancelled and no-show appointments are not paid (INVALID_STATE, unchanged)', async () => {
        for (const status of ['completed', 'cancelled', 'no_show']) {
          const a = await book();
          await setStatus(a.id, status);
          const stored = ok(await call('getById', { id: a.id, organizationId: c.org })).item;
          failsWith(await call('markPaymentSuccess', { id: a.id, organizationId: c.org, gatewayPaymentId: `p-${status}` }), 'INVALID_STATE', 409);
          assert.deepEqual(ok(await call('getById', { id: a.id, organizationId: c.org })).item, stored);
        }
      });

      test('an expired hold is paid only while its time is still free, and then holds it again', async () => {
        clock = START;
        const date = nextDate();
        const taken = await hold({ scheduledDate: date, scheduledTime: '10:00' });
        const free = await hold({ scheduledDate: date, scheduledTime: '12:00' });
        clock = START + 16 * 60_000;
        ok(await call('create', booking(c, { scheduledDate: date, scheduledTime: '10:00' })));
        failsWith(await call('markPaymentSuccess', { id: taken.id, organizationId: c.org, gatewayPaymentId: 'late_1' }), 'CONFLICT', 409);
        const stillPending = ok(await call('getById', { id: taken.id, organizationId: c.org })).item;
        assert.equal(stillPending.status, 'pending');
        assert.equal(stillPending.paymentStatus, 'pending');
        const paid = ok(await call('markPaymentSuccess', { id: free.id, organizationId: c.org, gatewayPaymentId: 'late_2' })).item;
        assert.equal(paid.status, 'confirmed');
        failsWith(await call('create', booking(c, { scheduledDate: date, scheduledTime: '12:00' })), 'CONFLICT', 409);
        clock = START;
      });

      test('another organization\'s appointment is NOT_FOUND', async () => {
        const a = await hold();
        const other = await clinic(t());
        failsWith(await call('markPaymentSuccess', { id: a.id, organizationId: other.org }), 'NOT_FOUND', 404);
        assert.equal(ok(await call('getById', { id: a.id, organizationId: c.org })).item.paymentStatus, 'pending');
      });
    });

    describe('reschedule', () => {
      test('moves the appointment and keeps the previous date, time, duration and status in its history', async () => {
        const user = await signIn(t(), { organizationId: c.org, roles: ['receptionist'] });
        const a = await book({ scheduledTime: '09:00', duration: 20 });
        const moved = ok(await call('reschedule', { id: a.id, organizationId: c.org, scheduledDate: '2030-09-01', scheduledTime: '16:00', rescheduleReason: 'doctor away', notes: 'call first' }, user.token)).item;
        assert.equal(moved.scheduledDate, '2030-09-01');
        assert.equal(moved.scheduledTime, '16:00');
        assert.equal(moved.duration, 20);
        assert.equal(moved.status, 'scheduled');
        assert.equal(moved.rescheduleReason, 'doctor away');
        assert.equal(moved.notes, 'call first');
        assert.deepEqual(moved.history, [
          { at: START, by: user.idpUserId, operation: 'reschedule', previous: { scheduledDate: a.scheduledDate, scheduledTime: '09:00', duration: 20, status: 'scheduled' }, reason: 'doctor away' },
        ]);
        const twice = ok(await call('reschedule', { id: a.id, organizationId: c.org, scheduledDate: '2030-09-02', scheduledTime: '08:00', duration: 45, status: 'confirmed' })).item;
        assert.equal(twice.history.length, 2);
        assert.deepEqual(twice.history[1].previous, { scheduledDate: '2030-09-01', scheduledTime: '16:00', duration: 20, status: 'scheduled' });
        assert.equal(twice.history[1].by, null);
        assert.equal(twice.duration, 45);
        assert.equal(twice.status, 'confirmed');
        assert.deepEqual(ok(await call('getById', { id: a.id, organizationId: c.org })).item, twice);
        // The old time is free, the new one is taken.
        ok(await call('create', booking(c, { scheduledDate: a.scheduledDate, scheduledTime: '09:00' })));
        failsWith(await call('create', booking(c, { scheduledDate: '2030-09-02', scheduledTime: '08:30' })), 'CONFLICT', 409);
        const audit = await auditRows(t(), a.id);
        assert.deepEqual(audit.map((r) => r.operation), ['appointments.create', 'appointments.reschedule', 'appointments.reschedule']);
        assert.equal(audit[1]!.actorId, user.idpUserId);
      });

      test('applies the booking rules (never against itself): taken or reserved time is CONFLICT, nothing changed', async () => {
        const date = nextDate();
        const a = await book({ scheduledDate: date, scheduledTime: '10:00', duration: 30 });
        await book({ scheduledDate: date, scheduledTime: '11:00', duration: 30 });
        ok(await call('createReservedSlotByDoctor', { doctorId: c.doctor.userId, slotDate: date, startTime: ['13:00'], endTime: ['14:00'] }));
        failsWith(await call('reschedule', { id: a.id, organizationId: c.org, scheduledDate: date, scheduledTime: '10:45' }), 'CONFLICT', 409);
        failsWith(await call('reschedule', { id: a.id, organizationId: c.org, scheduledDate: date, scheduledTime: '13:30' }), 'CONFLICT', 409);
        const stored = ok(await call('getById', { id: a.id, organizationId: c.org })).item;
        assert.equal(stored.scheduledTime, '10:00');
        assert.deepEqual(stored.history, []);
        assert.equal(ok(await call('reschedule', { id: a.id, organizationId: c.org, scheduledDate: date, scheduledTime: '10:15' })).item.scheduledTime, '10:15');
      });

      test('refuses completed, cancelled, no-show and started appointments, and a step back in status (INVALID_STATE)', async () => {
        for (const status of ['completed', 'cancelled', 'no_show', 'checked_in', 'in_consultation']) {
          const a = await book();
          await setStatus(a.id, status);
          failsWith(await call('reschedule', { id: a.id, organizationId: c.org, scheduledDate: nextDate(), scheduledTime: '10:00' }), 'INVALID_STATE', 409);
        }
        const confirmed = await book({ status: 'confirmed' });
        failsWith(await call('reschedule', { id: confirmed.id, organizationId: c.org, scheduledDate: nextDate(), scheduledTime: '10:00', status: 'scheduled' }), 'INVALID_STATE', 409);
        failsWith(await call('reschedule', { id: confirmed.id, organizationId: c.org, scheduledDate: nextDate(), scheduledTime: '10:00', status: 'completed' }), 'VALIDATION_FAILED', 400);
      });

      test('a moved pending hold gets a fresh hold time', async () => {
        clock = START;
        const pending = await hold();
        clock = START + 10 * 60_000;
        const moved = ok(await call('reschedule', { id: pending.id, organizationId: c.org, scheduledDate: nextDate(), scheduledTime: '18:00' })).item;
        assert.equal(moved.status, 'pending');
        assert.equal(moved.holdExpiresAt, START + 25 * 60_000);
        clock = START;
      });

      test('validation and another organization\'s appointment', async () => {
        const a = await book();
        const error = failsWith(await call('reschedule', { id: a.id, organizationId: c.org, scheduledDate: '2030-02-31', scheduledTime: '7:00', duration: 0 }), 'VALIDATION_FAILED', 400);
        assert.deepEqual(error.details!.map((d) => d.path).sort(), ['duration', 'scheduledDate', 'scheduledTime']);
        const other = await clinic(t());
        failsWith(await call('reschedule', { id: a.id, organizationId: other.org, scheduledDate: nextDate(), scheduledTime: '10:00' }), 'NOT_FOUND', 404);
      });
    });

    describe('call notifications', () => {
      test('triggerCallJoinNotification notifies the patient once per appointment', async () => {
        const a = await book({ patientId: c.signedPatient.id });
        const first = ok(await call('triggerCallJoinNotification', { appointmentId: a.id, organizationId: c.org, doctorId: c.doctor.userId }));
        assert.equal(first.notified, true);
        assert.equal(first.notification.recipientIdpUserId, c.signedPatient.idpUserId);
        assert.equal(first.notification.recipientRole, 'patient');
        assert.equal(first.notification.type, 'appointment_call_join');
        assert.equal(first.notification.dedupeKey, `appointment:${a.id}:call-join`);
        assert.equal(first.item.callJoinNotifiedAt, START);
        const second = ok(await call('triggerCallJoinNotification', { appointmentId: a.id, organizationId: c.org }));
        assert.equal(second.notification.id, first.notification.id);
        const stored = await notificationsOf(t(), a.id);
        assert.equal(stored.length, 1);
        assert.equal(stored[0]!.organizationId, c.org);
      });

      test('a patient without a sign-in identity cannot be notified: notified false, nothing stored', async () => {
        const a = await book();
        const data = ok(await call('triggerCallJoinNotification', { appointmentId: a.id, organizationId: c.org }));
        assert.equal(data.notified, false);
        assert.equal(data.notification, null);
        assert.equal(data.item.callJoinNotifiedAt, null);
        assert.equal((await notificationsOf(t(), a.id)).length, 0);
      });

      test('triggerCallJoinNotification: wrong doctor, final status, validation, another organization', async () => {
        const a = await book({ patientId: c.signedPatient.id });
        const colleague = await signIn(t(), { organizationId: c.org, roles: ['doctor'] });
        failsWith(await call('triggerCallJoinNotification', { appointmentId: a.id, organizationId: c.org, doctorId: colleague.userId }), 'VALIDATION_FAILED', 400);
        failsWith(await call('triggerCallJoinNotification', { appointmentId: '', organizationId: c.org }), 'VALIDATION_FAILED', 400);
        failsWith(await call('triggerCallJoinNotification', { appointmentId: a.id, organizationId: (await clinic(t())).org }), 'NOT_FOUND', 404);
        await setStatus(a.id, 'completed');
        failsWith(await call('triggerCallJoinNotification', { appointmentId: a.id, organizationId: c.org }), 'INVALID_STATE', 409);
        assert.equal((await notificationsOf(t(), a.id)).length, 0);
      });

      test('patientJoinedCall records the first join time and notifies the doctor once', async () => {
        clock = START + 120_000;
        const a = await book();
        const first = ok(await call('patientJoinedCall', { appointmentId: a.id, organizationId: c.org }));
        assert.equal(first.item.patientJoinedAt, START + 120_000);
        assert.equal(first.notified, true);
        assert.equal(first.notification.recipientIdpUserId, c.doctor.idpUserId);
        assert.equal(first.notification.recipientRole, 'doctor');
        assert.equal(first.notification.dedupeKey, `appointment:${a.id}:patient-joined`);
        clock = START + 300_000;
        const again = ok(await call('patientJoinedCall', { appointmentId: a.id, organizationId: c.org }));
        assert.equal(again.item.patientJoinedAt, START + 120_000);
        assert.equal(again.notification.id, first.notification.id);
        assert.equal((await notificationsOf(t(), a.id)).length, 1);
        clock = START;
      });

      test('patientJoinedCall: final status, validation, another organization', async () => {
        const a = await book();
        failsWith(await call('patientJoinedCall', { organizationId: c.org }), 'VALIDATION_FAILED', 400);
        failsWith(await call('patientJoinedCall', { appointmentId: a.id, organizationId: (await clinic(t())).org }), 'NOT_FOUND', 404);
        await setStatus(a.id, 'cancelled');
        failsWith(await call('patientJoinedCall', { appointmentId: a.id, organizationId: c.org }), 'INVALID_STATE', 409);
        const stored = ok(await call('getById', { id: a.id, organizationId: c.org })).item;
        assert.equal(stored.patientJoinedAt, null);
        assert.equal((await notificationsOf(t(), a.id)).length, 0);
      });
    });
  },
  { services: { now: () => clock } },
);

describeEachDialect(
  'appointments payment signature',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>) => appointments(t())(apiName, data);
    let c: Clinic;
    before(async () => {
      c = await clinic(t());
    });

    test('a payment with the gateway\'s signature is recorded (hex, any case)', async () => {
      const pending = ok(await call('createPending', booking(c, { scheduledTime: '09:00' }))).item;
      const gatewaySignature = paymentSignature(SECRET, 'order_9', 'pay_9').toUpperCase();
      const { item } = ok(await call('markPaymentSuccess', { id: pending.id, organizationId: c.org, gatewayOrderId: 'order_9', gatewayPaymentId: 'pay_9', gatewaySignature, amountPaid: 10 }));
      assert.equal(item.paymentStatus, 'paid');
    });

    test('the patient\'s own linked account confirms its payment with the gateway\'s signature', async () => {
      const idpUserId = `idp-${newId()}`;
      await t().database.db.updateTable('patients').set({ idpUserId }).where('id', '=', c.patient).execute();
      const token = await tokenFor(t(), idpUserId);
      const pending = ok(await call('createPending', booking(c, { scheduledTime: '13:00' }))).item;
      const paid = { id: pending.id, organizationId: c.org, gatewayOrderId: 'order_7', gatewayPaymentId: 'pay_7' };
      failsWith(await appointments(t())('markPaymentSuccess', { ...paid, gatewaySignature: 'abc' }, token), 'VALIDATION_FAILED', 400);
      const gatewaySignature = paymentSignature(SECRET, 'order_7', 'pay_7');
      assert.equal(ok(await appointments(t())('markPaymentSuccess', { ...paid, gatewaySignature }, token)).item.paymentStatus, 'paid');
    });

    test('a wrong or missing signature is VALIDATION_FAILED and changes nothing', async () => {
      const pending = ok(await call('createPending', booking(c, { scheduledTime: '11:00' }))).item;
      const attempts = [
        { gatewayOrderId: 'order_8', gatewayPaymentId: 'pay_8', gatewaySignature: paymentSignature(SECRET, 'order_8', 'pay_other') },
        { gatewayOrderId: 'order_8', gatewayPaymentId: 'pay_8', gatewaySignature: paymentSignature('another-secret-0123456789', 'order_8', 'pay_8') },
        { gatewayOrderId: 'order_8', gatewayPaymentId: 'pay_8', gatewaySignature: 'abc' },
        { gatewayOrderId: 'order_8', gatewayPaymentId: 'pay_8' },
        { gatewayPaymentId: 'pay_8', gatewaySignature: paymentSignature(SECRET, '', 'pay_8') },
      ];
      for (const attempt of attempts) {
        failsWith(await call('markPaymentSuccess', { id: pending.id, organizationId: c.org, ...attempt }), 'VALIDATION_FAILED', 400);
      }
      const stored = ok(await call('getById', { id: pending.id, organizationId: c.org })).item;
      assert.deepEqual(stored, pending);
      assert.deepEqual((await auditRows(t(), pending.id)).map((r) => r.operation), ['appointments.createPending']);
    });
  },
  { env: { PAYMENT_GATEWAY_SECRET: SECRET }, services: { now: () => START } },
);
