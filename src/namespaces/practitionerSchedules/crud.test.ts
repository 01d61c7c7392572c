import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { schedule, schedules } from './practitionerSchedules.testkit.ts';

const paths = (error: { details?: { path: string }[] } | undefined) => (error?.details ?? []).map((d) => d.path).sort();

describeEachDialect('practitionerSchedules', (t) => {
  const call = (op: string, data: Record<string, unknown>, token?: string) => schedules(t())(op, data, token);

  async function doctorOf(organizationId = orgId()) {
    const doctor = await signIn(t(), { organizationId, roles: ['doctor'] });
    return { organizationId, doctor };
  }

  test('create stores the schedule with its exceptions; getById, list by doctor, update and delete', async () => {
    const { organizationId, doctor } = await doctorOf();
    const exceptions = [
      { kind: 'leave', dateFrom: '2030-03-10', dateTo: '2030-03-12' },
      { kind: 'extra', dateFrom: '2030-03-16', startTime: '10:00', endTime: '12:00', note: 'Saturday clinic' },
    ];
    const { item } = ok(await call('create', schedule(organizationId, doctor.userId, { exceptions, validTo: '2030-12-31' })));
    assert.equal(item.slotMinutes, 30);
    assert.equal(item.weeklyHours.length, 10);
    assert.deepEqual(item.exceptions, [
      { kind: 'leave', dateFrom: '2030-03-10', dateTo: '2030-03-12', startTime: null, endTime: null, note: null },
      { kind: 'extra', dateFrom: '2030-03-16', dateTo: null, startTime: '10:00', endTime: '12:00', note: 'Saturday clinic' },
    ]);
    assert.deepEqual(ok(await call('getById', { id: item.id, organizationId })).item, item);
    failsWith(await call('getById', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
    const bare = ok(await call('create', schedule(organizationId, doctor.userId, { validFrom: '2031-01-01' }))).item;
    assert.deepEqual(bare.exceptions, []);
    const listed = ok(await call('listByOrganization', { organizationId, doctorId: doctor.userId }));
    assert.deepEqual(listed.items.map((s: { id: string }) => s.id).sort(), [item.id, bare.id].sort());

    const updated = ok(await call('update', { id: item.id, organizationId, slotMinutes: 20, exceptions: [] })).item;
    assert.deepEqual([updated.slotMinutes, updated.exceptions, updated.validTo], [20, [], '2030-12-31']);
    const other = await doctorOf(organizationId);
    failsWith(await call('update', { id: item.id, organizationId, doctorId: other.doctor.userId }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(ok(await call('delete', { id: item.id, organizationId })), { id: item.id, deleted: true });
    failsWith(await call('getById', { id: item.id, organizationId }), 'NOT_FOUND', 404);
  });

  test('validation: times, slot length bounds, validity, overlapping ranges, exceptions, the doctor and the service', async () => {
    const { organizationId, doctor } = await doctorOf();
    const create = (data: Record<string, unknown>) => call('create', schedule(organizationId, doctor.userId, data));
    const reversed = failsWith(await create({ weeklyHours: [{ weekday: 1, startTime: '12:00', endTime: '09:00' }] }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(paths(reversed), ['weeklyHours.0.endTime']);
    failsWith(await create({ weeklyHours: [{ weekday: 7, startTime: '09:00', endTime: '10:00' }] }), 'VALIDATION_FAILED', 400);
    failsWith(await create({ weeklyHours: [{ weekday: 1, startTime: '9:00', endTime: '10:00' }] }), 'VALIDATION_FAILED', 400);
    for (const slotMinutes of [4, 481, 7.5, 0]) assert.deepEqual(paths(failsWith(await create({ slotMinutes }), 'VALIDATION_FAILED', 400)), ['slotMinutes']);
    ok(await create({ slotMinutes: 5, weeklyHours: [{ weekday: 0, startTime: '00:00', endTime: '24:00' }] }));
    failsWith(await create({ weeklyHours: [{ weekday: 0, startTime: '24:00', endTime: '24:00' }] }), 'VALIDATION_FAILED', 400);
    failsWith(await create({ weeklyHours: [{ weekday: 0, startTime: '22:00', endTime: '24:01' }] }), 'VALIDATION_FAILED', 400);
    ok(await create({ slotMinutes: 480 }));
    assert.deepEqual(paths(failsWith(await create({ validTo: '2029-12-31' }), 'VALIDATION_FAILED', 400)), ['validTo']);
    const overlap = [
      { weekday: 2, startTime: '09:00', endTime: '12:00' },
      { weekday: 2, startTime: '11:30', endTime: '13:00' },
    ];
    assert.deepEqual(paths(failsWith(await create({ weeklyHours: overlap }), 'VALIDATION_FAILED', 400)), ['weeklyHours']);
    ok(await create({ weeklyHours: [overlap[0], { weekday: 3, startTime: '11:30', endTime: '13:00' }, { weekday: 2, startTime: '12:00', endTime: '13:00' }] }));

    const badExceptions = [
      { kind: 'holiday', dateFrom: '2030-03-10' },
      { kind: 'leave', dateFrom: '2030-03-10', dateTo: '2030-03-09' },
      { kind: 'leave', dateFrom: '2030-03-10', startTime: '10:00' },
      { kind: 'extra', dateFrom: '2030-03-10' },
      { kind: 'extra', dateFrom: '2030-03-10', dateTo: '2030-03-11', startTime: '10:00', endTime: '11:00' },
      { kind: 'extra', dateFrom: '2030-03-10', startTime: '11:00', endTime: '10:00' },
    ];
    for (const e of badExceptions) failsWith(await create({ exceptions: [e] }), 'VALIDATION_FAILED', 400);

    const nurse = await signIn(t(), { organizationId, roles: ['nurse'] });
    const elsewhere = await doctorOf();
    for (const doctorId of [nurse.userId, elsewhere.doctor.userId, 'missing']) {
      assert.deepEqual(paths(failsWith(await call('create', schedule(organizationId, doctorId)), 'VALIDATION_FAILED', 400)), ['doctorId']);
    }
    assert.deepEqual(paths(failsWith(await create({ serviceId: 'missing' }), 'VALIDATION_FAILED', 400)), ['serviceId']);
    failsWith(await create({ weeklyHours: null }), 'VALIDATION_FAILED', 400);
  });

  test('access: admins and receptionists manage any doctor\'s schedule, a doctor its own; staff read', async () => {
    const { organizationId, doctor } = await doctorOf();
    const colleague = await signIn(t(), { organizationId, roles: ['doctor'] });
    const receptionist = await signIn(t(), { organizationId, roles: ['receptionist'] });
    const admin = await signIn(t(), { organizationId, roles: ['admin'] });
    const nurse = await signIn(t(), { organizationId, roles: ['nurse'] });
    const accountant = await signIn(t(), { organizationId, roles: ['accountant'] });
    const stranger = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });

    const own = ok(await call('create', schedule(organizationId, doctor.userId), doctor.token)).item;
    ok(await call('update', { id: own.id, organizationId, slotMinutes: 15 }, doctor.token));
    for (const token of [colleague.token, nurse.token, accountant.token, stranger.token]) {
      failsWith(await call('create', schedule(organizationId, doctor.userId), token), 'FORBIDDEN', 403);
    }
    for (const token of [colleague.token, nurse.token]) {
      failsWith(await call('update', { id: own.id, organizationId, slotMinutes: 10 }, token), 'FORBIDDEN', 403);
      failsWith(await call('delete', { id: own.id, organizationId }, token), 'FORBIDDEN', 403);
    }
    for (const manager of [receptionist, admin]) {
      const made = ok(await call('create', schedule(organizationId, doctor.userId, { validFrom: '2032-01-01' }), manager.token)).item;
      ok(await call('update', { id: made.id, organizationId, slotMinutes: 10 }, manager.token));
      ok(await call('delete', { id: made.id, organizationId }, manager.token));
    }
    for (const reader of [doctor, colleague, nurse, receptionist]) {
      assert.equal(ok(await call('getById', { id: own.id, organizationId }, reader.token)).item.slotMinutes, 15);
    }
    failsWith(await call('getById', { id: own.id, organizationId }, accountant.token), 'FORBIDDEN', 403);
    failsWith(await call('listByOrganization', { organizationId }, stranger.token), 'FORBIDDEN', 403);
    ok(await call('delete', { id: own.id, organizationId }, doctor.token));
  });
});
