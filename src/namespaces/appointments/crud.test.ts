import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { addDays } from '../../time/zone.ts';
import { AFTER_THE_VISITS, appointments, booking, clinic, type Clinic } from './appointments.testkit.ts';

const NOW = AFTER_THE_VISITS;

describeEachDialect(
  'appointments getById, update, delete',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>) => appointments(t())(apiName, data);
    let c: Clinic;
    let other: Clinic;
    let day = 0;
    const nextDate = () => addDays('2031-01-01', ++day);
    const book = async (data: Record<string, unknown> = {}) => ok(await call('create', booking(c, { scheduledDate: nextDate(), ...data }))).item;
    const get = async (id: string) => ok(await call('getById', { id, organizationId: c.org })).item;

    before(async () => {
      c = await clinic(t());
      other = await clinic(t());
    });

    test('getById: another organization\'s appointment is NOT_FOUND; input is validated', async () => {
      const a = await book();
      assert.equal((await get(a.id)).id, a.id);
      failsWith(await call('getById', { id: a.id, organizationId: other.org }), 'NOT_FOUND', 404);
      failsWith(await call('getById', { id: 'missing', organizationId: c.org }), 'NOT_FOUND', 404);
      failsWith(await call('getById', { id: a.id }), 'VALIDATION_FAILED', 400);
    });

    test('update: omitted unchanged, null clears, any status text, money exact; id and organization never change', async () => {
      const a = await book({ reason: 'cough', notes: 'n', consultationFee: 300 });
      const updated = ok(await call('update', { id: a.id, organizationId: c.org, reason: null, status: 'waiting_room', amountPaid: 299.99, paymentStatus: 'partial', followUpDate: '2031-03-01', isPreConsultationCompleted: true, followUpNotificationSent: false, patientId: other.patient })).item;
      assert.equal(updated.reason, null);
      assert.equal(updated.notes, 'n');
      assert.equal(updated.status, 'waiting_room');
      assert.equal(updated.amountPaid, 299.99);
      assert.equal(updated.consultationFee, 300);
      assert.equal(updated.paymentStatus, 'partial');
      assert.equal(updated.followUpDate, '2031-03-01');
      assert.equal(updated.isPreConsultationCompleted, true);
      assert.equal(updated.followUpNotificationSent, false);
      assert.equal(updated.patientId, c.patient);
      assert.equal(updated.organizationId, c.org);
      assert.deepEqual(await get(a.id), updated);
    });

    test('update validates: required fields cannot be cleared, bad values have paths', async () => {
      const a = await book();
      for (const bad of [{ scheduledDate: null }, { scheduledTime: '25:00' }, { duration: 0 }, { status: null }, { status: '' }, { type: null }, { consultationFee: 0.001 }, { cancelledAt: -1 }]) {
        failsWith(await call('update', { id: a.id, organizationId: c.org, ...bad }), 'VALIDATION_FAILED', 400);
      }
      const error = failsWith(await call('update', { id: a.id, organizationId: c.org, serviceId: 'missing' }), 'VALIDATION_FAILED', 400);
      assert.equal(error.details![0]!.path, 'serviceId');
    });

    test('update to cancelled sets cancelledAt to now unless given', async () => {
      const a = await book();
      const cancelled = ok(await call('update', { id: a.id, organizationId: c.org, status: 'cancelled', cancelledReason: 'travel' })).item;
      assert.equal(cancelled.cancelledAt, NOW);
      assert.equal(cancelled.cancelledReason, 'travel');
      const b = await book();
      assert.equal(ok(await call('update', { id: b.id, organizationId: c.org, status: 'cancelled', cancelledAt: 1234 })).item.cancelledAt, 1234);
    });

    test('update that moves an appointment is clash-checked and kept in history; a cancelled one is not taken back', async () => {
      const date = nextDate();
      const a = await book({ scheduledDate: date, scheduledTime: '10:00' });
      const b = await book({ scheduledDate: date, scheduledTime: '11:00' });
      failsWith(await call('update', { id: a.id, organizationId: c.org, scheduledTime: '11:15' }), 'CONFLICT', 409);
      failsWith(await call('update', { id: a.id, organizationId: c.org, duration: 90 }), 'CONFLICT', 409);
      assert.deepEqual(await get(a.id), a);
      const moved = ok(await call('update', { id: a.id, organizationId: c.org, scheduledTime: '10:10', rescheduleReason: 'late' })).item;
      assert.deepEqual(moved.history, [{ at: NOW, by: null, operation: 'update', previous: { scheduledDate: date, scheduledTime: '10:00', duration: 30, status: 'scheduled' }, reason: 'late' }]);

      ok(await call('update', { id: b.id, organizationId: c.org, status: 'cancelled' }));
      const taker = await book({ scheduledDate: date, scheduledTime: '11:00' });
      // A cancelled appointment is final (issue 14): it is not taken back, and a label keeps it released.
      failsWith(await call('update', { id: b.id, organizationId: c.org, status: 'scheduled' }), 'INVALID_STATE', 409);
      ok(await call('update', { id: taker.id, organizationId: c.org, status: 'no_show' }));
      assert.equal(ok(await call('update', { id: b.id, organizationId: c.org, status: 'rebook_requested' })).item.status, 'rebook_requested');
      await book({ scheduledDate: date, scheduledTime: '11:00' });
      // Changing other fields of an appointment that holds its time needs no new check.
      assert.equal(ok(await call('update', { id: b.id, organizationId: c.org, notes: 'ok' })).item.notes, 'ok');
    });

    test('update of another organization\'s appointment is NOT_FOUND and changes nothing', async () => {
      const a = await book();
      failsWith(await call('update', { id: a.id, organizationId: other.org, notes: 'x' }), 'NOT_FOUND', 404);
      assert.equal((await get(a.id)).notes, null);
    });

    test('delete removes the record and frees its time; another organization gets NOT_FOUND', async () => {
      const a = await book({ scheduledTime: '15:00' });
      failsWith(await call('delete', { id: a.id, organizationId: other.org }), 'NOT_FOUND', 404);
      failsWith(await call('delete', { id: '' , organizationId: c.org }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(ok(await call('delete', { id: a.id, organizationId: c.org })), { id: a.id, deleted: true });
      failsWith(await call('getById', { id: a.id, organizationId: c.org }), 'NOT_FOUND', 404);
      failsWith(await call('delete', { id: a.id, organizationId: c.org }), 'NOT_FOUND', 404);
      ok(await call('create', booking(c, { scheduledDate: a.scheduledDate, scheduledTime: '15:00' })));
    });
  },
  { services: { now: () => NOW } },
);
