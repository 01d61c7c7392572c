import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, platformAdmin, signIn, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

const OPERATIONS = ['create', 'getById', 'update', 'delete', 'list', 'getSummary'];

describeEachDialect('hrmAttendance access', (t) => {
  const orgA = orgId();
  const orgB = orgId();
  let hrA: SignedIn;
  let hrB: SignedIn;
  let admin: SignedIn;
  before(async () => {
    hrA = await signIn(t(), { organizationId: orgA, roles: ['hr'] });
    hrB = await signIn(t(), { organizationId: orgB, roles: ['hr'] });
    admin = await platformAdmin(t());
  });
  const entry = (data: Record<string, unknown> = {}) => ({ employeeId: 'emp-1', attendanceDate: '2026-06-01', status: 'present', ...data });

  test('every operation: no token 401, invalid token 401, a role other than hr / platform_admin 403', async () => {
    const staff = await signIn(t(), { organizationId: orgA, roles: ['staff', 'doctor', 'admin'] });
    for (const op of OPERATIONS) {
      const data = { organizationId: orgA, id: 'x', ...entry() };
      failsWith(await t().call('hrmAttendance', op, data), 'UNAUTHENTICATED', 401);
      failsWith(await t().call('hrmAttendance', op, data, { token: 'garbage' }), 'UNAUTHENTICATED', 401);
      failsWith(await t().call('hrmAttendance', op, data, { headers: { 'x-idp-access-token': `${hrA.token}x` } }), 'UNAUTHENTICATED', 401);
      failsWith(await t().call('hrmAttendance', op, data, { token: staff.token }), 'FORBIDDEN', 403);
    }
  });

  test('an hr user works in their own organization without naming it', async () => {
    const item = ok(await t().call('hrmAttendance', 'create', entry(), { token: hrA.token })).item;
    assert.equal(item.organizationId, orgA);
    assert.deepEqual(ok(await t().call('hrmAttendance', 'getById', { id: item.id }, { token: hrA.token })).item, item);
    assert.equal(ok(await t().call('hrmAttendance', 'list', { date: '2026-06-01' }, { token: hrA.token })).total, 1);
    assert.deepEqual(ok(await t().call('hrmAttendance', 'getSummary', { date: '2026-06-01' }, { token: hrA.token })).byStatus, { present: 1 });
    const updated = ok(await t().call('hrmAttendance', 'update', { id: item.id, remarks: 'ok' }, { token: hrA.token })).item;
    assert.equal(updated.remarks, 'ok');
    assert.deepEqual(ok(await t().call('hrmAttendance', 'delete', { id: item.id }, { token: hrA.token })), { id: item.id, deleted: true });
  });

  test('the x-idp-access-token header works like Authorization', async () => {
    const res = ok(await t().call('hrmAttendance', 'getSummary', { date: '2026-06-01' }, { headers: { 'x-idp-access-token': hrA.token } }));
    assert.equal(res.date, '2026-06-01');
  });

  test('a platform admin works in any organization but must name it', async () => {
    const item = ok(await t().call('hrmAttendance', 'create', { organizationId: orgB, ...entry({ employeeId: 'emp-admin' }) }, { token: admin.token })).item;
    assert.equal(item.organizationId, orgB);
    assert.equal(ok(await t().call('hrmAttendance', 'getById', { id: item.id, organizationId: orgB }, { token: admin.token })).item.id, item.id);
    for (const op of OPERATIONS) {
      const error = failsWith(await t().call('hrmAttendance', op, { id: item.id, ...entry() }, { token: admin.token }), 'VALIDATION_FAILED', 400);
      assert.equal(error.message, 'organizationId is required', op);
      assert.deepEqual(error.details, [{ path: 'organizationId', message: 'organizationId is required' }]);
    }
    // The record is in B: naming A finds nothing there.
    failsWith(await t().call('hrmAttendance', 'getById', { id: item.id, organizationId: orgA }, { token: admin.token }), 'NOT_FOUND', 404);
  });

  test('an hr user naming another organization is FORBIDDEN, for every operation', async () => {
    for (const op of OPERATIONS) {
      failsWith(await t().call('hrmAttendance', op, { organizationId: orgB, id: 'x', ...entry() }, { token: hrA.token }), 'FORBIDDEN', 403);
    }
  });

  test('another organization\'s record is NOT_FOUND for an hr user of this one', async () => {
    const item = ok(await t().call('hrmAttendance', 'create', entry({ employeeId: 'emp-b' }), { token: hrB.token })).item;
    failsWith(await t().call('hrmAttendance', 'getById', { id: item.id }, { token: hrA.token }), 'NOT_FOUND', 404);
    failsWith(await t().call('hrmAttendance', 'update', { id: item.id, status: 'absent' }, { token: hrA.token }), 'NOT_FOUND', 404);
    failsWith(await t().call('hrmAttendance', 'delete', { id: item.id }, { token: hrA.token }), 'NOT_FOUND', 404);
    assert.equal(ok(await t().call('hrmAttendance', 'getById', { id: item.id }, { token: hrB.token })).item.status, 'present');
  });

  test('hr in one organization and staff in another: the other is FORBIDDEN, the own one is implied', async () => {
    const idpUserId = `idp-${orgId()}`;
    const asHr = await signIn(t(), { organizationId: orgA, roles: ['hr'], idpUserId });
    await signIn(t(), { organizationId: orgB, roles: ['staff'], idpUserId });
    failsWith(await t().call('hrmAttendance', 'list', { organizationId: orgB }, { token: asHr.token }), 'FORBIDDEN', 403);
    const item = ok(await t().call('hrmAttendance', 'create', entry({ employeeId: 'emp-two' }), { token: asHr.token })).item;
    assert.equal(item.organizationId, orgA);
  });

  test('hr in two organizations must name one', async () => {
    const idpUserId = `idp-${orgId()}`;
    const both = await signIn(t(), { organizationId: orgA, roles: ['hr'], idpUserId });
    await signIn(t(), { organizationId: orgB, roles: ['hr'], idpUserId });
    failsWith(await t().call('hrmAttendance', 'list', {}, { token: both.token }), 'VALIDATION_FAILED', 400);
    assert.equal(ok(await t().call('hrmAttendance', 'list', { organizationId: orgB }, { token: both.token })).page, 1);
  });

  test('a blocked hr user is FORBIDDEN', async () => {
    const blocked = await signIn(t(), { organizationId: orgA, roles: ['hr'], blocked: true });
    failsWith(await t().call('hrmAttendance', 'list', {}, { token: blocked.token }), 'FORBIDDEN', 403);
    failsWith(await t().call('hrmAttendance', 'list', { organizationId: orgA }, { token: blocked.token }), 'FORBIDDEN', 403);
  });
});
