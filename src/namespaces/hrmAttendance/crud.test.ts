import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, platformAdmin, signIn, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

const RECORD_FIELDS = [
  'approvedAt', 'approvedBy', 'attendanceDate', 'createdAt', 'employeeId', 'firstCheckIn', 'id', 'lastCheckOut',
  'lateMinutes', 'organizationId', 'remarks', 'shiftId', 'source', 'status', 'updatedAt', 'workedMinutes',
];

describeEachDialect(
  'hrmAttendance create / getById / update / delete',
  (t) => {
    const org = orgId();
    let hr: SignedIn;
    let admin: SignedIn;
    let day = 0;
    before(async () => {
      hr = await signIn(t(), { organizationId: org, roles: ['hr'] });
      admin = await platformAdmin(t());
    });
    /** A fresh date each call, so records never clash by accident. */
    const nextDate = () => new Date(Date.UTC(2026, 0, 1 + day++)).toISOString().slice(0, 10);
    const call = (op: string, data: Record<string, unknown>) => t().call('hrmAttendance', op, data, { token: hr.token });
    const create = (data: Record<string, unknown> = {}) =>
      call('create', { employeeId: 'emp-1', attendanceDate: nextDate(), status: 'present', ...data });

    test('create returns the whole stored record, unset fields null, workedMinutes derived from HH:mm times', async () => {
      const date = nextDate();
      const { item } = ok(await create({ attendanceDate: date, firstCheckIn: '09:00', lastCheckOut: '16:30', shiftId: 'morning', id: 'mine', extra: 1 }));
      assert.deepEqual(Object.keys(item).sort(), RECORD_FIELDS);
      assert.notEqual(item.id, 'mine');
      assert.equal(item.organizationId, org);
      assert.equal(item.attendanceDate, date);
      assert.equal(item.workedMinutes, 450);
      assert.equal(item.lateMinutes, null);
      assert.equal(item.remarks, null);
      assert.equal(item.shiftId, 'morning');
      assert.deepEqual(ok(await call('getById', { id: item.id })).item, item);
    });

    test('ISO date-times, also mixed with HH:mm (taken in the service time zone), across midnight', async () => {
      const night = ok(await create({ firstCheckIn: '2026-03-01T22:00:00+05:30', lastCheckOut: '2026-03-02T06:15:00+05:30' })).item;
      assert.equal(night.workedMinutes, 495);
      assert.equal(night.firstCheckIn, '2026-03-01T22:00:00+05:30');
      // TIME_ZONE is Asia/Kolkata (+05:30) in this suite: 09:00 there is 03:30Z.
      const mixed = ok(await create({ attendanceDate: '2026-04-10', firstCheckIn: '09:00', lastCheckOut: '2026-04-10T12:00:00Z' })).item;
      assert.equal(mixed.workedMinutes, 510);
    });

    test('a sent workedMinutes wins over the derived one; only one time gives null', async () => {
      assert.equal(ok(await create({ firstCheckIn: '09:00', lastCheckOut: '17:00', workedMinutes: 400 })).item.workedMinutes, 400);
      assert.equal(ok(await create({ firstCheckIn: '09:00' })).item.workedMinutes, null);
    });

    test('create validation: required fields, types, bounds and time order, each with its path', async () => {
      const missing = failsWith(await call('create', {}), 'VALIDATION_FAILED', 400);
      assert.deepEqual(missing.details!.map((d) => d.path).sort(), ['attendanceDate', 'employeeId', 'status']);
      const bad = failsWith(
        await call('create', {
          employeeId: '', attendanceDate: '2026-02-30', status: 'present', firstCheckIn: '9:00', lastCheckOut: '2026-03-01T09:00:00',
          workedMinutes: -1, lateMinutes: 2.5,
        }),
        'VALIDATION_FAILED',
        400,
      );
      assert.deepEqual(bad.details!.map((d) => d.path).sort(), ['attendanceDate', 'employeeId', 'firstCheckIn', 'lastCheckOut', 'lateMinutes', 'workedMinutes']);
      failsWith(await create({ firstCheckIn: '24:00' }), 'VALIDATION_FAILED', 400);
      const order = failsWith(await create({ firstCheckIn: '17:00', lastCheckOut: '09:00' }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(order.details!.map((d) => d.path), ['lastCheckOut']);
      failsWith(await create({ firstCheckIn: '2026-03-01T10:00:00Z', lastCheckOut: '2026-03-01T09:59:00Z' }), 'VALIDATION_FAILED', 400);
    });

    test('minutes beyond what the integer column holds are VALIDATION_FAILED, also when derived from far-apart times', async () => {
      const largest = 2_147_483_647;
      assert.equal(ok(await create({ workedMinutes: largest, lateMinutes: largest })).item.workedMinutes, largest);
      const sent = failsWith(await create({ workedMinutes: largest + 1, lateMinutes: largest + 1 }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(sent.details!.map((d) => d.path).sort(), ['lateMinutes', 'workedMinutes']);
      const far = { firstCheckIn: '0001-01-01T00:00:00Z', lastCheckOut: '9999-12-31T23:59:00Z' };
      const derived = failsWith(await create(far), 'VALIDATION_FAILED', 400);
      assert.deepEqual(derived.details!.map((d) => d.path), ['lastCheckOut']);
      const item = ok(await create({ firstCheckIn: far.firstCheckIn })).item;
      failsWith(await call('update', { id: item.id, lastCheckOut: far.lastCheckOut }), 'VALIDATION_FAILED', 400);
      assert.equal(ok(await call('getById', { id: item.id })).item.lastCheckOut, null);
    });

    test('one record per employee and day: a second is CONFLICT and leaves the first as it was', async () => {
      const date = nextDate();
      const first = ok(await create({ employeeId: 'emp-dup', attendanceDate: date })).item;
      failsWith(await create({ employeeId: 'emp-dup', attendanceDate: date, status: 'absent' }), 'CONFLICT', 409);
      assert.equal(ok(await call('getById', { id: first.id })).item.status, 'present');
      // Another employee that day, and the same employee in another organization, are fine.
      ok(await create({ employeeId: 'emp-other', attendanceDate: date }));
      ok(await t().call('hrmAttendance', 'create', { organizationId: orgId(), employeeId: 'emp-dup', attendanceDate: date, status: 'present' }, { token: admin.token }));
      // An update moving a record onto a taken day clashes too.
      const moved = ok(await create({ employeeId: 'emp-dup' })).item;
      failsWith(await call('update', { id: moved.id, attendanceDate: date }), 'CONFLICT', 409);
    });

    test('update changes only what is sent, null clears, and workedMinutes follows changed times', async () => {
      const item = ok(await create({ firstCheckIn: '09:00', lastCheckOut: '17:00', remarks: 'late bus', source: 'biometric' })).item;
      assert.equal(item.workedMinutes, 480);
      const a = ok(await call('update', { id: item.id, lastCheckOut: '18:00', remarks: null })).item;
      assert.equal(a.workedMinutes, 540);
      assert.equal(a.remarks, null);
      assert.equal(a.source, 'biometric');
      assert.equal(a.status, 'present');
      assert.ok(a.updatedAt >= item.updatedAt);
      assert.equal(a.createdAt, item.createdAt);

      const b = ok(await call('update', { id: item.id, workedMinutes: 500 })).item;
      assert.equal(b.workedMinutes, 500);
      // Unrelated change: a manual workedMinutes stays.
      assert.equal(ok(await call('update', { id: item.id, status: 'half_day' })).item.workedMinutes, 500);
      // Re-sending the same time is not a change.
      assert.equal(ok(await call('update', { id: item.id, firstCheckIn: '09:00' })).item.workedMinutes, 500);
      // A time changes and workedMinutes is sent too: the sent one wins.
      assert.equal(ok(await call('update', { id: item.id, firstCheckIn: '10:00', workedMinutes: 1 })).item.workedMinutes, 1);
      // Clearing a time derives null.
      assert.equal(ok(await call('update', { id: item.id, lastCheckOut: null })).item.workedMinutes, null);
      assert.equal(ok(await call('getById', { id: item.id })).item.workedMinutes, null);
    });

    test('update validation: missing id, clearing a required field, bad types, times out of order', async () => {
      const item = ok(await create({ firstCheckIn: '09:00', lastCheckOut: '17:00' })).item;
      failsWith(await call('update', { status: 'absent' }), 'VALIDATION_FAILED', 400);
      for (const data of [{ status: null }, { employeeId: null }, { attendanceDate: null }, { attendanceDate: '2026-13-01' }, { lateMinutes: -5 }, { workedMinutes: 'x' }]) {
        failsWith(await call('update', { id: item.id, ...data }), 'VALIDATION_FAILED', 400);
      }
      failsWith(await call('update', { id: item.id, firstCheckIn: '18:00' }), 'VALIDATION_FAILED', 400);
      const unchanged = ok(await call('getById', { id: item.id })).item;
      assert.equal(unchanged.firstCheckIn, '09:00');
      assert.equal(unchanged.workedMinutes, 480);
      failsWith(await call('update', { id: 'missing', status: 'absent' }), 'NOT_FOUND', 404);
    });

    test('getById and delete: id required, missing record NOT_FOUND, delete removes it once', async () => {
      const item = ok(await create()).item;
      failsWith(await call('getById', {}), 'VALIDATION_FAILED', 400);
      failsWith(await call('delete', {}), 'VALIDATION_FAILED', 400);
      failsWith(await call('getById', { id: '' }), 'VALIDATION_FAILED', 400);
      failsWith(await call('getById', { id: 'missing' }), 'NOT_FOUND', 404);
      assert.deepEqual(ok(await call('delete', { id: item.id })), { id: item.id, deleted: true });
      failsWith(await call('getById', { id: item.id }), 'NOT_FOUND', 404);
      failsWith(await call('delete', { id: item.id }), 'NOT_FOUND', 404);
    });

    test('another organization\'s record is NOT_FOUND even for a platform admin naming the wrong organization', async () => {
      const item = ok(await create()).item;
      const elsewhere = orgId();
      for (const op of ['getById', 'update', 'delete']) {
        failsWith(await t().call('hrmAttendance', op, { id: item.id, organizationId: elsewhere, status: 'absent' }, { token: admin.token }), 'NOT_FOUND', 404);
      }
      assert.equal(ok(await t().call('hrmAttendance', 'getById', { id: item.id, organizationId: org }, { token: admin.token })).item.status, 'present');
    });

    test('writes are audited with the resolved organization and the hr user as actor', async () => {
      const item = ok(await create()).item;
      ok(await call('update', { id: item.id, status: 'absent' }));
      ok(await call('delete', { id: item.id }));
      const trail = ok(await t().call('audit', 'list', { recordId: item.id }, { token: admin.token }));
      assert.deepEqual(trail.items.map((r: { operation: string }) => r.operation).sort(), ['hrmAttendance.create', 'hrmAttendance.delete', 'hrmAttendance.update']);
      assert.ok(trail.items.every((r: { organizationId: string; actorId: string }) => r.organizationId === org && r.actorId === hr.idpUserId));
    });
  },
  { env: { TIME_ZONE: 'Asia/Kolkata' } },
);
