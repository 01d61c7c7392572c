import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, platformAdmin, signIn, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

const ITEM_FIELDS = [
  'attendanceDate', 'checkIn', 'checkOut', 'departmentId', 'departmentName', 'employeeCode', 'employeeId', 'employeeName',
  'hoursWorked', 'id', 'lateMinutes', 'remarks', 'shiftId', 'source', 'status', 'workedMinutes',
];

describeEachDialect('hrmAttendance.list', (t) => {
  const org = orgId();
  let hr: SignedIn;
  let asha: SignedIn;
  let bilal: SignedIn;
  before(async () => {
    hr = await signIn(t(), { organizationId: org, roles: ['hr'] });
    // Employees known as users of the organization: one by user id, one by idpUserId.
    asha = await signIn(t(), { organizationId: org, roles: ['nurse'] });
    bilal = await signIn(t(), { organizationId: org, roles: ['doctor'] });
    await t().database.db.updateTable('users').set({ displayName: 'Asha Rao' }).where('id', '=', asha.userId).execute();
    await t().database.db.updateTable('users').set({ displayName: 'Bilal Khan' }).where('id', '=', bilal.userId).execute();
    // The same idpUserId in another organization with another name must not leak in.
    await signIn(t(), { organizationId: orgId(), roles: ['staff'], idpUserId: 'emp-unknown' });

    const rows = [
      { employeeId: asha.userId, attendanceDate: '2026-07-01', status: 'present', firstCheckIn: '09:00', lastCheckOut: '17:30', lateMinutes: 0, shiftId: 'day', source: 'biometric', remarks: 'fine' },
      { employeeId: bilal.idpUserId, attendanceDate: '2026-07-01', status: 'late', firstCheckIn: '09:40', lastCheckOut: '17:00', lateMinutes: 40, shiftId: 'day' },
      { employeeId: 'emp-unknown', attendanceDate: '2026-07-01', status: 'absent', shiftId: 'night' },
      { employeeId: asha.userId, attendanceDate: '2026-07-02', status: 'present', firstCheckIn: '08:55', lastCheckOut: '18:00', lateMinutes: 0, shiftId: 'day' },
      { employeeId: 'emp_50%', attendanceDate: '2026-07-02', status: 'present', workedMinutes: 61 },
    ];
    for (const row of rows) ok(await t().call('hrmAttendance', 'create', row, { token: hr.token }));
    // Another organization's records never show.
    const admin = await platformAdmin(t());
    ok(await t().call('hrmAttendance', 'create', { organizationId: orgId(), employeeId: asha.userId, attendanceDate: '2026-07-01', status: 'present' }, { token: admin.token }));
  });
  const list = async (data: Record<string, unknown> = {}) => ok(await t().call('hrmAttendance', 'list', data, { token: hr.token }));
  const employees = (page: { items: { employeeId: string }[] }) => page.items.map((i) => i.employeeId);

  test('returns exactly { items, total, page, limit, totalPages } and the interface\'s list items', async () => {
    const page = await list({ date: '2026-07-01', sortBy: 'employeeName', sortOrder: 'asc' });
    assert.deepEqual(Object.keys(page).sort(), ['items', 'limit', 'page', 'total', 'totalPages']);
    assert.deepEqual({ total: page.total, page: page.page, limit: page.limit, totalPages: page.totalPages }, { total: 3, page: 1, limit: 20, totalPages: 1 });
    for (const item of page.items) assert.deepEqual(Object.keys(item).sort(), ITEM_FIELDS);
    const [first, second, third] = page.items;
    assert.deepEqual(first, {
      id: first.id, employeeId: asha.userId, employeeCode: null, employeeName: 'Asha Rao', departmentId: null, departmentName: null,
      shiftId: 'day', attendanceDate: '2026-07-01', checkIn: '09:00', checkOut: '17:30', workedMinutes: 510, hoursWorked: '8h 30m',
      lateMinutes: 0, status: 'present', source: 'biometric', remarks: 'fine',
    });
    assert.equal(second.employeeName, 'Bilal Khan');
    assert.equal(second.hoursWorked, '7h 20m');
    assert.equal(third.employeeName, null, 'unknown employee (the same idpUserId elsewhere does not count)');
    assert.equal(third.hoursWorked, null);
  });

  test('filters: date, status, employeeId, shiftId; a departmentId matches nothing', async () => {
    assert.equal((await list()).total, 5);
    assert.deepEqual(employees(await list({ status: 'late' })), [bilal.idpUserId]);
    assert.equal((await list({ employeeId: asha.userId })).total, 2);
    assert.equal((await list({ shiftId: 'day' })).total, 3);
    assert.equal((await list({ shiftId: 'day', date: '2026-07-02' })).total, 1);
    assert.equal((await list({ date: '2026-07-03' })).total, 0);
    assert.equal((await list({ status: null, date: null })).total, 5, 'null filters are no filters');
    const dept = await list({ departmentId: 'cardiology' });
    assert.deepEqual(dept, { items: [], total: 0, page: 1, limit: 20, totalPages: 0 });
  });

  test('search matches the employee name or employeeId, case-insensitively; % and _ are literal', async () => {
    assert.deepEqual(new Set(employees(await list({ search: 'ASHA' }))), new Set([asha.userId]));
    assert.equal((await list({ search: 'rao' })).total, 2);
    assert.deepEqual(employees(await list({ search: 'kHaN' })), [bilal.idpUserId]);
    assert.deepEqual(employees(await list({ search: 'EMP-UNK' })), ['emp-unknown']);
    assert.deepEqual(employees(await list({ search: '50%' })), ['emp_50%']);
    assert.equal((await list({ search: '%' })).total, 1);
    assert.equal((await list({ search: '_' })).total, 1);
    assert.equal((await list({ search: '  ' })).total, 5, 'blank search is no search');
    assert.equal((await list({ search: 'nobody' })).total, 0);
  });

  test('sorting by each whitelisted key, missing values last in both directions', async () => {
    const july1 = { date: '2026-07-01' };
    assert.deepEqual(employees(await list({ ...july1, sortBy: 'employeeName', sortOrder: 'desc' })), [bilal.idpUserId, asha.userId, 'emp-unknown']);
    assert.deepEqual(employees(await list({ ...july1, sortBy: 'workedMinutes', sortOrder: 'asc' })), [bilal.idpUserId, asha.userId, 'emp-unknown']);
    assert.deepEqual(employees(await list({ ...july1, sortBy: 'lateMinutes', sortOrder: 'desc' })), [bilal.idpUserId, asha.userId, 'emp-unknown']);
    assert.deepEqual(employees(await list({ ...july1, sortBy: 'firstCheckIn', sortOrder: 'asc' })), [asha.userId, bilal.idpUserId, 'emp-unknown']);
    assert.deepEqual(employees(await list({ ...july1, sortBy: 'status', sortOrder: 'asc' })), ['emp-unknown', bilal.idpUserId, asha.userId]);
    const byDate = (await list({ sortBy: 'attendanceDate', sortOrder: 'asc' })).items.map((i: { attendanceDate: string }) => i.attendanceDate);
    assert.deepEqual(byDate, ['2026-07-01', '2026-07-01', '2026-07-01', '2026-07-02', '2026-07-02']);
    const newestFirst = (await list()).items.map((i: { attendanceDate: string }) => i.attendanceDate);
    assert.deepEqual(newestFirst, ['2026-07-02', '2026-07-02', '2026-07-01', '2026-07-01', '2026-07-01'], 'default: attendanceDate desc');
    const created = employees(await list({ sortBy: 'createdAt', sortOrder: 'asc' }));
    assert.deepEqual(created, [asha.userId, bilal.idpUserId, 'emp-unknown', asha.userId, 'emp_50%']);
  });

  test('paging with limit: pages do not overlap and cover every record', async () => {
    const p1 = await list({ limit: 2, sortBy: 'createdAt' });
    const p2 = await list({ limit: 2, page: 2, sortBy: 'createdAt' });
    const p3 = await list({ limit: 2, page: 3, sortBy: 'createdAt' });
    assert.equal(p1.totalPages, 3);
    assert.equal(p1.limit, 2);
    assert.equal(p3.items.length, 1);
    const ids = [...p1.items, ...p2.items, ...p3.items].map((i: { id: string }) => i.id);
    assert.equal(new Set(ids).size, 5);
    assert.deepEqual((await list({ page: 9 })).items, []);
  });

  test('validation: limit 1..100, page >= 1, sortBy whitelist, sortOrder asc|desc, dates', async () => {
    for (const data of [{ limit: 0 }, { limit: 101 }, { limit: 2.5 }, { page: 0 }, { sortBy: 'organizationId' }, { sortBy: 'id; drop table users' }, { sortOrder: 'up' }, { date: '2026-7-1' }]) {
      failsWith(await t().call('hrmAttendance', 'list', data, { token: hr.token }), 'VALIDATION_FAILED', 400);
    }
    assert.equal((await list({ limit: 100 })).limit, 100);
  });
});
