import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { orgId } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 2, 1); // 2026-03-01T00:00Z

/**
 * A user record through create, then the fields create does not take through update (a
 * platform-level record, which update cannot name, gets them directly in the table).
 */
async function seed(t: TestApp, organizationId: string | null, fields: Record<string, unknown> = {}) {
  const { role = 'staff', roles, displayName = null, email = `${newId()}@example.test`, ...rest } = fields;
  const { item } = ok(await t.call('users', 'create', { idpUserId: newId(), organizationId, role, roles, displayName, email }));
  if (Object.keys(rest).length === 0) return item;
  if (organizationId === null) {
    await t.database.db.updateTable('users').set(rest).where('id', '=', item.id).execute();
    return { ...item, ...rest };
  }
  return ok(await t.call('users', 'update', { id: item.id, organizationId, ...rest })).item;
}

const names = (page: { items: { displayName: string }[] }) => page.items.map((u) => u.displayName);

describeEachDialect('users listings', (t) => {
  test('listByOrganization: only the organization, newest first, paged; includeTableFields adds tableFields', async () => {
    const org = orgId();
    for (const [i, name] of ['a', 'b', 'c'].entries()) await seed(t(), org, { displayName: name, createdAt: T0 + i * DAY });
    await seed(t(), orgId(), { displayName: 'elsewhere' });
    const page = ok(await t().call('users', 'listByOrganization', { organizationId: org, pageSize: 2 }));
    assert.deepEqual([page.total, page.totalPages, page.page, page.pageSize], [3, 2, 1, 2]);
    assert.deepEqual(names(page), ['c', 'b']);
    assert.equal('tableFields' in page, false);
    const second = ok(await t().call('users', 'listByOrganization', { organizationId: org, pageSize: 2, page: 2, includeTableFields: true }));
    assert.deepEqual(names(second), ['a']);
    assert.ok(second.tableFields.includes('displayName') && second.tableFields.includes('email'));
    for (const f of second.tableFields) assert.ok(f in second.items[0], f);
    assert.equal(ok(await t().call('users', 'listByOrganization', { organizationId: orgId() })).total, 0);
  });

  test('listByOrganization filters: search, role/roles, status, onboardingStatus', async () => {
    const org = orgId();
    await seed(t(), org, { displayName: 'Ann Lee', role: 'doctor' });
    await seed(t(), org, { displayName: 'Bob', email: 'JOANNA@example.test', role: 'nurse', roles: ['doctor'], isActive: false });
    await seed(t(), org, { displayName: '100% Carl_x', role: 'hr', isBlocked: true, onboardingStatus: 'completed' });
    await seed(t(), org, { displayName: '1000 Carlax', role: 'lab_technician', onboardingStatus: 'pending' });
    const list = async (data: Record<string, unknown>) =>
      names(ok(await t().call('users', 'listByOrganization', { organizationId: org, ...data }))).sort();

    assert.deepEqual(await list({ search: 'aNn' }), ['Ann Lee', 'Bob']);
    assert.deepEqual(await list({ search: '0%' }), ['100% Carl_x']);
    assert.deepEqual(await list({ search: 'l_x' }), ['100% Carl_x']);
    assert.deepEqual(await list({ search: '   ' }), ['100% Carl_x', '1000 Carlax', 'Ann Lee', 'Bob']);
    assert.deepEqual(await list({ role: 'doctor' }), ['Ann Lee', 'Bob']);
    assert.deepEqual(await list({ roles: ['hr', 'lab_technician'] }), ['100% Carl_x', '1000 Carlax']);
    assert.deepEqual(await list({ role: 'nurse', roles: ['hr'] }), ['100% Carl_x', 'Bob']);
    assert.deepEqual(await list({ status: ['active'] }), ['1000 Carlax', 'Ann Lee']);
    assert.deepEqual(await list({ status: ['inactive'] }), ['Bob']);
    assert.deepEqual(await list({ status: ['blocked', 'inactive'] }), ['100% Carl_x', 'Bob']);
    assert.deepEqual(await list({ onboardingStatus: ['completed', 'other'] }), ['100% Carl_x']);
    assert.deepEqual(await list({ role: 'doctor', status: ['active'] }), ['Ann Lee']);
  });

  test('listByOrganization dates: whole days, both ends inclusive, on the chosen date field', async () => {
    const org = orgId();
    await seed(t(), org, { displayName: 'd1-start', createdAt: T0 });
    await seed(t(), org, { displayName: 'd1-end', createdAt: T0 + DAY - 1, lastLoginAt: T0 + 5 * DAY });
    await seed(t(), org, { displayName: 'd2', createdAt: T0 + DAY, updatedAt: T0 + 10 * DAY });
    await seed(t(), org, { displayName: 'd3', createdAt: T0 + 2 * DAY + 1 });
    const list = async (data: Record<string, unknown>) =>
      names(ok(await t().call('users', 'listByOrganization', { organizationId: org, ...data }))).sort();

    assert.deepEqual(await list({ specificDate: '2026-03-01' }), ['d1-end', 'd1-start']);
    assert.deepEqual(await list({ dateFrom: '2026-03-02' }), ['d2', 'd3']);
    assert.deepEqual(await list({ dateTo: '2026-03-02' }), ['d1-end', 'd1-start', 'd2']);
    assert.deepEqual(await list({ dateFrom: '2026-03-02', dateTo: '2026-03-03' }), ['d2', 'd3']);
    assert.deepEqual(await list({ dateFilterType: 'lastLoginAt', specificDate: '2026-03-06' }), ['d1-end']);
    assert.deepEqual(await list({ dateFilterType: 'updatedAt', specificDate: '2026-03-11' }), ['d2']);
    assert.deepEqual(await list({ dateFilterType: 'lastLoginAt', dateTo: '2026-03-05' }), []);
  });

  test('listByOrganization validation: each bad filter is named', async () => {
    const error = failsWith(
      await t().call('users', 'listByOrganization', {
        organizationId: orgId(),
        status: ['active', 'sleeping'],
        roles: ['chef'],
        role: 'x',
        dateFilterType: 'bornAt',
        dateFrom: '2026-02-30',
        specificDate: '01/02/2026',
        includeTableFields: 'yes',
      }),
      'VALIDATION_FAILED',
      400,
    );
    assert.deepEqual(
      error.details!.map((d) => d.path).sort(),
      ['dateFilterType', 'dateFrom', 'includeTableFields', 'role', 'roles.0', 'specificDate', 'status.1'],
    );
    failsWith(await t().call('users', 'listByOrganization', {}), 'VALIDATION_FAILED', 400);
    const range = failsWith(await t().call('users', 'listByOrganization', { organizationId: orgId(), dateFrom: '2026-03-02', dateTo: '2026-03-01' }), 'VALIDATION_FAILED', 400);
    assert.equal(range.details![0]!.path, 'dateTo');
  });

  test('search: name or email, any letter case, optional role, only the organization', async () => {
    const org = orgId();
    await seed(t(), org, { displayName: 'Zed Kowalski', role: 'doctor' });
    await seed(t(), org, { displayName: 'Other', email: 'zed.k@EXAMPLE.test', role: 'nurse' });
    await seed(t(), org, { displayName: 'Nobody' });
    await seed(t(), orgId(), { displayName: 'Zed Elsewhere' });
    const find = async (data: Record<string, unknown>) => ok(await t().call('users', 'search', { organizationId: org, ...data }));
    assert.deepEqual(names(await find({ query: 'ZED' })).sort(), ['Other', 'Zed Kowalski']);
    assert.deepEqual(names(await find({ query: 'zed', role: 'nurse' })), ['Other']);
    assert.equal((await find({})).total, 3);
    assert.equal((await find({ query: 'zed', pageSize: 1 })).totalPages, 2);
    failsWith(await t().call('users', 'search', { organizationId: org, role: 'chef' }), 'VALIDATION_FAILED', 400);
    failsWith(await t().call('users', 'search', { query: 'zed' }), 'VALIDATION_FAILED', 400);
    assert.equal(ok(await t().call('users', 'search', { organizationId: orgId(), query: 'zed' })).total, 0);
  });

  test('getDoctors: the doctors of the organization only, paged', async () => {
    const org = orgId();
    await seed(t(), org, { displayName: 'doc1', role: 'doctor', createdAt: T0 });
    await seed(t(), org, { displayName: 'doc2', role: 'admin', roles: ['doctor'], createdAt: T0 + 1 });
    await seed(t(), org, { displayName: 'nurse', role: 'nurse' });
    await seed(t(), orgId(), { displayName: 'doc-elsewhere', role: 'doctor' });
    const page = ok(await t().call('users', 'getDoctors', { organizationId: org }));
    assert.deepEqual(names(page), ['doc2', 'doc1']);
    assert.equal(page.total, 2);
    assert.equal(ok(await t().call('users', 'getDoctors', { organizationId: org, pageSize: 1, page: 2 })).items[0].displayName, 'doc1');
    failsWith(await t().call('users', 'getDoctors', {}), 'VALIDATION_FAILED', 400);
    failsWith(await t().call('users', 'getDoctors', { organizationId: org, pageSize: 0 }), 'VALIDATION_FAILED', 400);
    assert.equal(ok(await t().call('users', 'getDoctors', { organizationId: orgId() })).total, 0);
  });

  test('getAllDoctors: across organizations or one; status, verified, filter object (top level wins), sorting', async () => {
    const tag = `tag${newId().slice(-8)}`;
    const orgA = orgId();
    const orgB = orgId();
    await seed(t(), orgA, { displayName: `${tag} a`, role: 'doctor', yoe: 5, isVerified: true });
    await seed(t(), orgA, { displayName: `${tag} b`, role: 'doctor', yoe: 20, isBlocked: true });
    await seed(t(), orgB, { displayName: `${tag} c`, role: 'doctor', isVerified: false });
    await seed(t(), null, { displayName: `${tag} d`, role: 'doctor', yoe: 1, isActive: false });
    await seed(t(), orgB, { displayName: `${tag} nurse`, role: 'nurse', yoe: 3 });
    const find = async (data: Record<string, unknown>) => names(ok(await t().call('users', 'getAllDoctors', { search: tag, ...data })));

    assert.deepEqual((await find({})).sort(), [`${tag} a`, `${tag} b`, `${tag} c`, `${tag} d`]);
    assert.deepEqual((await find({ organizationId: orgA })).sort(), [`${tag} a`, `${tag} b`]);
    assert.deepEqual((await find({ filter: { organizationId: orgB } })).sort(), [`${tag} c`]);
    assert.deepEqual((await find({ organizationId: orgB, filter: { organizationId: orgA } })).sort(), [`${tag} c`]);
    assert.deepEqual(await find({ verified: true }), [`${tag} a`]);
    assert.deepEqual((await find({ filter: { verified: false } })).sort(), [`${tag} b`, `${tag} c`, `${tag} d`]);
    assert.deepEqual(await find({ status: 'blocked' }), [`${tag} b`]);
    assert.deepEqual(await find({ status: 'inactive', filter: { status: 'blocked' } }), [`${tag} d`]);
    assert.deepEqual(await find({ sortBy: 'yoe', sortOrder: 'asc' }), [`${tag} d`, `${tag} a`, `${tag} b`, `${tag} c`]);
    assert.deepEqual(await find({ sortBy: 'yoe', sortOrder: 'DESC' }), [`${tag} b`, `${tag} a`, `${tag} d`, `${tag} c`]);
    assert.deepEqual(await find({ filter: { sortBy: 'displayName', sortOrder: 'desc' }, sortOrder: 'asc' }), [`${tag} a`, `${tag} b`, `${tag} c`, `${tag} d`]);

    const error = failsWith(
      await t().call('users', 'getAllDoctors', { sortBy: 'passwordHash', sortOrder: 'up', status: 'x', filter: { sortBy: 'id; drop table users' } }),
      'VALIDATION_FAILED',
      400,
    );
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['filter.sortBy', 'sortBy', 'sortOrder', 'status']);
  });

  test('list: every record platform-wide, search, whitelisted sort fields only', async () => {
    const tag = `tag${newId().slice(-8)}`;
    await seed(t(), orgId(), { displayName: `${tag} b`, createdAt: T0 + 1, averageRatings: 4.5, lastLoginAt: T0 });
    await seed(t(), orgId(), { displayName: `${tag} A`, createdAt: T0 + 2, averageRatings: 3 });
    await seed(t(), null, { displayName: `${tag} c`, createdAt: T0 });
    const find = async (data: Record<string, unknown>) => names(ok(await t().call('users', 'list', { search: tag, ...data })));
    assert.deepEqual(await find({}), [`${tag} A`, `${tag} b`, `${tag} c`]);
    assert.deepEqual(await find({ sortBy: 'displayName', sortOrder: 'asc' }), [`${tag} A`, `${tag} b`, `${tag} c`]);
    assert.deepEqual(await find({ sortBy: 'averageRatings', sortOrder: 'desc' }), [`${tag} b`, `${tag} A`, `${tag} c`]);
    // Records without the sort value come last, in both directions.
    assert.equal((await find({ sortBy: 'lastLoginAt', sortOrder: 'asc' }))[0], `${tag} b`);
    assert.equal((await find({ sortBy: 'lastLoginAt', sortOrder: 'desc' }))[0], `${tag} b`);
    assert.deepEqual((await find({ sortBy: 'createdAt', sortOrder: 'asc' }))[0], `${tag} c`);
    assert.ok(ok(await t().call('users', 'list', {})).total >= 3);
    for (const bad of [{ sortBy: 'role' }, { sortBy: 'password' }, { sortOrder: 'sideways' }, { pageSize: 101 }, { page: 0 }]) {
      failsWith(await t().call('users', 'list', bad), 'VALIDATION_FAILED', 400);
    }
  });
});

describeEachDialect(
  'users listings in a time zone',
  (t) => {
    test('date filters take whole days in the configured time zone', async () => {
      const org = orgId();
      // 2026-03-01T20:00Z is 2026-03-02 01:30 in Asia/Kolkata (UTC+05:30).
      await seed(t(), org, { displayName: 'late', createdAt: Date.UTC(2026, 2, 1, 20) });
      // 2026-03-01T18:29:59.999Z is 2026-03-01 23:59:59.999 there.
      await seed(t(), org, { displayName: 'edge', createdAt: Date.UTC(2026, 2, 1, 18, 29, 59, 999) });
      const day = async (specificDate: string) =>
        names(ok(await t().call('users', 'listByOrganization', { organizationId: org, specificDate })));
      assert.deepEqual(await day('2026-03-02'), ['late']);
      assert.deepEqual(await day('2026-03-01'), ['edge']);
    });
  },
  { env: { TIME_ZONE: 'Asia/Kolkata' } },
);
