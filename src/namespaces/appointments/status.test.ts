import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { addDays } from '../../time/zone.ts';
import { AFTER_THE_VISITS, appointments, bookAt, booking, clinic, type Clinic } from './appointments.testkit.ts';

const NOW = AFTER_THE_VISITS;

describeEachDialect(
  'appointments status table',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>) => appointments(t())(apiName, data);
    let c: Clinic;
    let day = 0;
    const book = async ({ status, ...data }: Record<string, unknown> = {}) =>
      status === 'cancelled'
        ? bookAt(t(), booking(c, { scheduledDate: addDays('2032-01-01', ++day), ...data }), status)
        : ok(await call('create', booking(c, { scheduledDate: addDays('2032-01-01', ++day), status, ...data }))).item;
    const setStatus = (id: string, status: string) => call('update', { id, organizationId: c.org, status });
    const stageOf = async (id: string) => (await t().database.db.selectFrom('appointments').select('stage').where('id', '=', id).executeTakeFirstOrThrow()).stage;

    before(async () => {
      c = await clinic(t());
    });

    test('update reaches a known status only along the table: a step back is INVALID_STATE naming the current status and the allowed next ones', async () => {
      const a = await book();
      for (const status of ['confirmed', 'checked_in', 'in_consultation']) ok(await setStatus(a.id, status));
      const error = failsWith(await setStatus(a.id, 'scheduled'), 'INVALID_STATE', 409);
      assert.match(error.message, /in_consultation/);
      assert.match(error.message, /allowed next: completed/);
      failsWith(await setStatus(a.id, 'cancelled'), 'INVALID_STATE', 409);
      assert.equal(ok(await setStatus(a.id, 'completed')).item.status, 'completed');
      const checkedIn = await bookAt(t(), booking(c, { scheduledDate: addDays('2032-01-01', ++day) }), 'checked_in');
      failsWith(await setStatus(checkedIn.id, 'no_show'), 'INVALID_STATE', 409);
    });

    test('unknown text is a label within the stage: no sequence of updates goes backwards or out of a final status', async () => {
      const a = await book();
      ok(await setStatus(a.id, 'checked_in'));
      assert.equal(ok(await setStatus(a.id, 'waiting_room')).item.status, 'waiting_room');
      assert.equal(await stageOf(a.id), 'checked_in');
      failsWith(await setStatus(a.id, 'confirmed'), 'INVALID_STATE', 409);
      failsWith(await setStatus(a.id, 'no_show'), 'INVALID_STATE', 409);
      for (const final of ['completed', 'cancelled', 'no_show']) {
        const b = await book();
        ok(await setStatus(b.id, final));
        ok(await setStatus(b.id, 'archived'));
        assert.equal(await stageOf(b.id), final);
        for (const status of ['pending', 'scheduled', 'confirmed', 'checked_in', 'in_consultation', 'completed', 'cancelled', 'no_show'].filter((s) => s !== final)) {
          failsWith(await setStatus(b.id, status), 'INVALID_STATE', 409);
        }
        assert.equal(ok(await setStatus(b.id, final)).item.status, final);
      }
    });

    test('a label kept in a cancelled stage leaves the time free; created with unknown text the stage is scheduled', async () => {
      const date = addDays('2032-06-01', ++day);
      const a = await book({ scheduledDate: date });
      ok(await setStatus(a.id, 'cancelled'));
      ok(await setStatus(a.id, 'refund_pending'));
      ok(await call('create', booking(c, { scheduledDate: date })));
      const labelled = await book({ status: 'waiting' });
      assert.equal(await stageOf(labelled.id), 'scheduled');
      failsWith(await call('create', booking(c, { scheduledDate: labelled.scheduledDate })), 'CONFLICT', 409);
    });

    test('reschedule and markPaymentSuccess follow the same table', async () => {
      const a = await book({ status: 'confirmed' });
      failsWith(await call('reschedule', { id: a.id, organizationId: c.org, scheduledDate: addDays('2032-09-01', ++day), scheduledTime: '10:00', status: 'scheduled' }), 'INVALID_STATE', 409);
      const labelled = await book();
      ok(await setStatus(labelled.id, 'in_consultation'));
      ok(await setStatus(labelled.id, 'with_doctor'));
      failsWith(await call('markPaymentSuccess', { id: labelled.id, organizationId: c.org, status: 'confirmed' }), 'INVALID_STATE', 409);
      const paid = ok(await call('markPaymentSuccess', { id: labelled.id, organizationId: c.org })).item;
      assert.equal(paid.status, 'with_doctor');
      assert.equal(await stageOf(labelled.id), 'in_consultation');
    });

    test('delete: pending, scheduled, confirmed and cancelled appointments go; past the first stage it is INVALID_STATE and the record stays', async () => {
      for (const status of ['pending', 'scheduled', 'confirmed', 'cancelled', 'waiting']) {
        const a = await book({ status });
        ok(await call('delete', { id: a.id, organizationId: c.org }));
        failsWith(await call('getById', { id: a.id, organizationId: c.org }), 'NOT_FOUND', 404);
      }
      for (const status of ['checked_in', 'in_consultation', 'completed', 'no_show']) {
        const a = await book();
        ok(await setStatus(a.id, status));
        ok(await setStatus(a.id, 'archived'));
        failsWith(await call('delete', { id: a.id, organizationId: c.org }), 'INVALID_STATE', 409);
        assert.equal(ok(await call('getById', { id: a.id, organizationId: c.org })).item.status, 'archived');
      }
    });
  },
  { services: { now: () => NOW } },
);
