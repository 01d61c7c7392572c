import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, platformAdmin, signIn, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

// 2026-08-09T20:00:00Z is already 2026-08-10 in Asia/Kolkata (+05:30), the suite's time zone.
const NOW = Date.UTC(2026, 7, 9, 20, 0);

describeEachDialect(
  'hrmAttendance.getSummary',
  (t) => {
    const org = orgId();
    let hr: SignedIn;
    before(async () => {
      hr = await signIn(t(), { organizationId: org, roles: ['hr'] });
      const rows: [string, string, string][] = [
        ['e1', '2026-08-10', 'present'],
        ['e2', '2026-08-10', 'present'],
        ['e3', '2026-08-10', 'absent'],
        ['e4', '2026-08-10', 'on_leave'],
        ['e1', '2026-08-09', 'late'],
      ];
      for (const [employeeId, attendanceDate, status] of rows) {
        ok(await t().call('hrmAttendance', 'create', { employeeId, attendanceDate, status }, { token: hr.token }));
      }
      const admin = await platformAdmin(t());
      ok(await t().call('hrmAttendance', 'create', { organizationId: orgId(), employeeId: 'e9', attendanceDate: '2026-08-10', status: 'present' }, { token: admin.token }));
    });
    const summary = async (data: Record<string, unknown>) => ok(await t().call('hrmAttendance', 'getSummary', data, { token: hr.token }));

    test('counts the day\'s records by status, only in the caller\'s organization', async () => {
      assert.deepEqual(await summary({ date: '2026-08-10' }), { date: '2026-08-10', total: 4, byStatus: { absent: 1, on_leave: 1, present: 2 } });
      assert.deepEqual(await summary({ date: '2026-08-09', organizationId: org }), { date: '2026-08-09', total: 1, byStatus: { late: 1 } });
    });

    test('a day without records is total 0 with no statuses', async () => {
      assert.deepEqual(await summary({ date: '2026-08-11' }), { date: '2026-08-11', total: 0, byStatus: {} });
    });

    test('the date defaults to today in the service time zone', async () => {
      const today = await summary({});
      assert.equal(today.date, '2026-08-10');
      assert.equal(today.total, 4);
      assert.equal((await summary({ date: null })).date, '2026-08-10');
    });

    test('validation and tenancy', async () => {
      failsWith(await t().call('hrmAttendance', 'getSummary', { date: '2026-02-29' }, { token: hr.token }), 'VALIDATION_FAILED', 400);
      failsWith(await t().call('hrmAttendance', 'getSummary', { date: 20260810 }, { token: hr.token }), 'VALIDATION_FAILED', 400);
      failsWith(await t().call('hrmAttendance', 'getSummary', { organizationId: orgId() }, { token: hr.token }), 'FORBIDDEN', 403);
    });
  },
  { env: { TIME_ZONE: 'Asia/Kolkata' }, services: { now: () => NOW } },
);
