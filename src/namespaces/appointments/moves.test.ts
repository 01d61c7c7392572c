import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { signIn, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { addDays } from '../../time/zone.ts';
import { AFTER_THE_VISITS, appointments, booking, clinic, type Clinic } from './appointments.testkit.ts';

const NOW = AFTER_THE_VISITS;

describeEachDialect(
  'appointments workflow operations',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>, token?: string) => appointments(t())(apiName, data, token);
    let c: Clinic;
    let receptionist: SignedIn;
    let day = 0;
    const nextDate = () => addDays('2033-01-01', ++day);
    const book = async (data: Record<string, unknown> = {}) => ok(await call('create', booking(c, { scheduledDate: nextDate(), ...data }))).item;
    const move = (apiName: string, id: string, data: Record<string, unknown> = {}, token?: string) => call(apiName, { id, organizationId: c.org, ...data }, token);

    before(async () => {
      c = await clinic(t());
      receptionist = await signIn(t(), { organizationId: c.org, roles: ['receptionist'] });
    });

    test('checkIn, start, complete move along the table, each kept in history and the audit trail', async () => {
      const a = await book();
      assert.equal(ok(await move('checkIn', a.id, {}, receptionist.token)).item.status, 'checked_in');
      assert.equal(ok(await move('start', a.id, {}, c.doctor.token)).item.status, 'in_consultation');
      const done = ok(await move('complete', a.id, { reason: 'seen' }, c.doctor.token)).item;
      assert.equal(done.status, 'completed');
      assert.deepEqual(done.history.map((h: { operation: string; by: string; previous: { status: string } }) => [h.operation, h.by, h.previous.status]), [
        ['checkIn', receptionist.idpUserId, 'scheduled'],
        ['start', c.doctor.idpUserId, 'checked_in'],
        ['complete', c.doctor.idpUserId, 'in_consultation'],
      ]);
      assert.equal(done.history[2].reason, 'seen');
      const audit = await t().database.db.selectFrom('auditLog').select('operation').where('recordId', '=', a.id).orderBy('at').orderBy('id').execute();
      assert.deepEqual(audit.map((r) => r.operation), ['appointments.create', 'appointments.checkIn', 'appointments.start', 'appointments.complete']);
    });

    test('a move the table does not allow is INVALID_STATE and changes nothing', async () => {
      const a = await book();
      ok(await move('checkIn', a.id));
      const stored = ok(await call('getById', { id: a.id, organizationId: c.org })).item;
      failsWith(await move('checkIn', a.id), 'INVALID_STATE', 409);
      failsWith(await move('markNoShow', a.id), 'INVALID_STATE', 409);
      assert.deepEqual(ok(await call('getById', { id: a.id, organizationId: c.org })).item, stored);
      ok(await move('start', a.id));
      failsWith(await move('cancel', a.id, { reason: 'late' }), 'INVALID_STATE', 409);
      const b = await book();
      ok(await move('markNoShow', b.id));
      for (const apiName of ['checkIn', 'start', 'complete']) failsWith(await move(apiName, b.id), 'INVALID_STATE', 409);
      failsWith(await move('cancel', b.id, { reason: 'x' }), 'INVALID_STATE', 409);
    });

    test('cancel needs a reason, stores it with cancelledAt, and frees the time; markNoShow frees it too', async () => {
      const a = await book();
      failsWith(await move('cancel', a.id), 'VALIDATION_FAILED', 400);
      failsWith(await move('cancel', a.id, { reason: '  ' }), 'VALIDATION_FAILED', 400);
      const cancelled = ok(await move('cancel', a.id, { reason: 'patient travelling' })).item;
      assert.deepEqual([cancelled.status, cancelled.cancelledReason, cancelled.cancelledAt], ['cancelled', 'patient travelling', NOW]);
      assert.equal(cancelled.history.at(-1).reason, 'patient travelling');
      ok(await call('create', booking(c, { scheduledDate: a.scheduledDate })));
      const b = await book();
      failsWith(await call('create', booking(c, { scheduledDate: b.scheduledDate })), 'CONFLICT', 409);
      ok(await move('markNoShow', b.id));
      ok(await call('create', booking(c, { scheduledDate: b.scheduledDate })));
    });

    test('roles: the receptionist checks in, cancels and marks no-shows; the doctor starts, completes, cancels and marks no-shows', async () => {
      const a = await book();
      failsWith(await move('start', a.id, {}, receptionist.token), 'FORBIDDEN', 403);
      failsWith(await move('complete', a.id, {}, receptionist.token), 'FORBIDDEN', 403);
      failsWith(await move('checkIn', a.id, {}, c.doctor.token), 'FORBIDDEN', 403);
      const nurse = await signIn(t(), { organizationId: c.org, roles: ['nurse'] });
      failsWith(await move('cancel', a.id, { reason: 'x' }, nurse.token), 'FORBIDDEN', 403);
      ok(await move('markNoShow', a.id, {}, receptionist.token));
      ok(await move('cancel', (await book()).id, { reason: 'x' }, c.doctor.token));
      ok(await move('markNoShow', (await book()).id, {}, c.doctor.token));
      failsWith(await move('checkIn', a.id, {}, c.doctor.token), 'FORBIDDEN', 403);
      const other = await clinic(t());
      failsWith(await call('checkIn', { id: (await book()).id, organizationId: other.org }), 'NOT_FOUND', 404);
    });
  },
  { services: { now: () => NOW } },
);
