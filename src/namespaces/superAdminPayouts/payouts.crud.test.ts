import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, platformAdmin, signIn, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { PAYOUT_FIELDS, payout } from './superAdminPayouts.testkit.ts';

describeEachDialect('superAdminPayouts CRUD', (t) => {
  let admin: SignedIn;
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('superAdminPayouts', op, data, token ? { token } : {});
  const asAdmin = (op: string, data: Record<string, unknown>) => call(op, data, admin.token);
  const paths = (error: { details?: { path: string }[] }) => error.details!.map((d) => d.path).sort();

  before(async () => {
    admin = await platformAdmin(t());
  });

  test('create stores the whole record, money exact with two decimals (minor units in the columns)', async () => {
    const org = orgId();
    const { item } = ok(await asAdmin('create', payout(org, { id: 'mine', paymentIds: ['pay_1', 'pay_2'], gatewayPayoutId: 'po_1', notes: 'May', unknown: 1 })));
    assert.deepEqual(Object.keys(item).sort(), PAYOUT_FIELDS);
    assert.notEqual(item.id, 'mine');
    assert.deepEqual(
      [item.grossAmount, item.commissionPercent, item.commissionAmount, item.gatewayCharge, item.payoutCharge, item.netPayout],
      [1000.1, 12.5, 125.01, 20, 5, 850.09],
    );
    assert.deepEqual(item.paymentIds, ['pay_1', 'pay_2']);
    assert.deepEqual([item.status, item.gatewayPayoutId, item.gatewayFundAccountId, item.notes, item.processedAt, item.processedByUserId], ['REQUESTED', 'po_1', null, 'May', null, null]);
    const row = await t().database.db.selectFrom('superAdminPayouts').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    assert.deepEqual(
      [row.grossAmount, row.commissionPercent, row.commissionAmount, row.gatewayCharge, row.payoutCharge, row.netPayout].map(Number),
      [100010, 1250, 12501, 2000, 500, 85009],
    );
    assert.deepEqual(ok(await asAdmin('getById', { id: item.id, organizationId: org })).item, item);
  });

  test('create refuses figures that do not agree to the cent, naming the expected value', async () => {
    const org = orgId();
    const commission = failsWith(await asAdmin('create', payout(org, { commissionAmount: 125.02, netPayout: 850.08 })), 'VALIDATION_FAILED', 400);
    assert.deepEqual(paths(commission), ['commissionAmount']);
    assert.match(commission.message, /= 125\.01, not 125\.02/);
    const net = failsWith(await asAdmin('create', payout(org, { netPayout: 850.1 })), 'VALIDATION_FAILED', 400);
    assert.deepEqual(paths(net), ['netPayout']);
    assert.match(net.message, /= 850\.09, not 850\.10/);
    const both = failsWith(await asAdmin('create', payout(org, { commissionAmount: 100, netPayout: 1 })), 'VALIDATION_FAILED', 400);
    assert.deepEqual(paths(both), ['commissionAmount', 'netPayout']);
    const over = failsWith(await asAdmin('create', payout(org, { grossAmount: 10, commissionPercent: 0, commissionAmount: 0, gatewayCharge: 8, payoutCharge: 3, netPayout: 0 })), 'VALIDATION_FAILED', 400);
    assert.match(over.message, /together \(11\.00\) exceed grossAmount 10\.00/);
    // 0.10 x 5 % = 0.005: rounded half up to 0.01, so 0.00 does not agree.
    failsWith(await asAdmin('create', payout(org, { grossAmount: 0.1, commissionPercent: 5, commissionAmount: 0, gatewayCharge: 0, payoutCharge: 0, netPayout: 0.1 })), 'VALIDATION_FAILED', 400);
    ok(await asAdmin('create', payout(org, { grossAmount: 0.1, commissionPercent: 5, commissionAmount: 0.01, gatewayCharge: 0, payoutCharge: 0, netPayout: 0.09 })));
    // Float arithmetic would say 0.3 - 0.1 - 0.2 = -2.8e-17, not 0.
    ok(await asAdmin('create', payout(org, { grossAmount: 0.3, commissionPercent: 0, commissionAmount: 0, gatewayCharge: 0.1, payoutCharge: 0.2, netPayout: 0 })));
    assert.equal(ok(await asAdmin('listByOrganization', { organizationId: org })).total, 2);
  });

  test('create validates every field with a path per problem', async () => {
    const error = failsWith(
      await asAdmin('create', { organizationId: orgId(), grossAmount: -1, commissionPercent: 100.5, commissionAmount: 1.005, gatewayCharge: '2', netPayout: null, status: ' ', paymentIds: [1], processedAt: -5 }),
      'VALIDATION_FAILED',
      400,
    );
    assert.deepEqual(paths(error), ['commissionAmount', 'commissionPercent', 'gatewayCharge', 'grossAmount', 'netPayout', 'paymentIds.0', 'payoutCharge', 'processedAt', 'status']);
    failsWith(await asAdmin('create', payout('')), 'VALIDATION_FAILED', 400);
  });

  test('create, update and delete need platform_admin: no token 401, staff and admins of the organization 403', async () => {
    const org = orgId();
    const orgAdmin = await signIn(t(), { organizationId: org, roles: ['admin'] });
    const patient = await signIn(t(), { organizationId: null, roles: ['patient'] });
    const { item } = ok(await asAdmin('create', payout(org)));
    for (const [op, data] of [
      ['create', payout(org)],
      ['update', { id: item.id, organizationId: org, status: 'PAID' }],
      ['delete', { id: item.id, organizationId: org }],
    ] as const) {
      failsWith(await call(op, data), 'UNAUTHENTICATED', 401);
      failsWith(await call(op, data, orgAdmin.token), 'FORBIDDEN', 403);
      failsWith(await call(op, data, patient.token), 'FORBIDDEN', 403);
    }
    assert.equal(ok(await asAdmin('getById', { id: item.id, organizationId: org })).item.status, 'REQUESTED');
  });

  test('update keeps the figures agreeing, stamps processedAt and processedByUserId when paid out; other organization NOT_FOUND', async () => {
    const org = orgId();
    const { item } = ok(await asAdmin('create', payout(org)));
    const gross = failsWith(await asAdmin('update', { id: item.id, organizationId: org, grossAmount: 2000 }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(paths(gross), ['commissionAmount', 'netPayout']);
    assert.match(gross.message, /= 250\.00, not 125\.01/);
    const changed = ok(
      await asAdmin('update', { id: item.id, organizationId: org, grossAmount: 2000, commissionAmount: 250, netPayout: 1725, notes: 'corrected', paymentIds: null }),
    ).item;
    assert.deepEqual([changed.grossAmount, changed.commissionAmount, changed.netPayout, changed.notes, changed.paymentIds], [2000, 250, 1725, 'corrected', null]);

    const paid = ok(await asAdmin('update', { id: item.id, organizationId: org, status: 'PAID', gatewayPayoutId: 'pout_9' })).item;
    assert.equal(paid.status, 'PAID');
    assert.equal(typeof paid.processedAt, 'number');
    assert.equal(paid.processedByUserId, admin.userId);
    const again = ok(await asAdmin('update', { id: item.id, organizationId: org, notes: 'later' })).item;
    assert.equal(again.processedAt, paid.processedAt);

    const imported = ok(await asAdmin('update', { id: item.id, organizationId: org, createdAt: 1_000, updatedAt: 2_000, processedAt: 1_500, processedByUserId: 'u_x' })).item;
    assert.deepEqual([imported.createdAt, imported.updatedAt, imported.processedAt, imported.processedByUserId], [1_000, 2_000, 1_500, 'u_x']);
    // createdAt cannot be cleared: null leaves it as stored (it used to reach the NOT NULL column: a 500).
    const keptCreated = ok(await asAdmin('update', { id: item.id, organizationId: org, createdAt: null, notes: 'kept' })).item;
    assert.deepEqual([keptCreated.createdAt, keptCreated.notes], [1_000, 'kept']);

    failsWith(await asAdmin('update', { id: item.id, organizationId: org, status: null }), 'VALIDATION_FAILED', 400);
    failsWith(await asAdmin('update', { id: item.id, organizationId: org, netPayout: 1.234 }), 'VALIDATION_FAILED', 400);
    failsWith(await asAdmin('update', { id: item.id, organizationId: orgId(), notes: 'x' }), 'NOT_FOUND', 404);
    failsWith(await asAdmin('update', { id: 'missing', organizationId: org, notes: 'x' }), 'NOT_FOUND', 404);
  });

  test('delete removes the payout; another organization NOT_FOUND', async () => {
    const org = orgId();
    const { item } = ok(await asAdmin('create', payout(org)));
    failsWith(await asAdmin('delete', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
    failsWith(await asAdmin('delete', { id: item.id }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(ok(await asAdmin('delete', { id: item.id, organizationId: org })), { id: item.id, deleted: true });
    failsWith(await asAdmin('getById', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
    failsWith(await asAdmin('delete', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
  });

  test('getById and listByOrganization: a token of the organization\'s admin or accountant, or a platform admin; no token 401, others 403, other organization NOT_FOUND', async () => {
    const org = orgId();
    const staff = await signIn(t(), { organizationId: org, roles: ['accountant'] });
    const receptionist = await signIn(t(), { organizationId: org, roles: ['receptionist'] });
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
    const patient = await signIn(t(), { organizationId: null, roles: ['patient'] });
    const { item } = ok(await asAdmin('create', payout(org)));
    ok(await asAdmin('create', payout(org, { status: 'PAID' })));
    ok(await asAdmin('create', payout(orgId())));

    assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: org }, staff.token)).item, item);
    assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: org }, admin.token)).item, item);
    failsWith(await asAdmin('getById', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
    failsWith(await call('getById', { id: item.id, organizationId: org }), 'UNAUTHENTICATED', 401);
    failsWith(await call('getById', { id: item.id, organizationId: org }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('getById', { id: item.id, organizationId: org }, patient.token), 'FORBIDDEN', 403);
    failsWith(await call('getById', { id: item.id, organizationId: org }, receptionist.token), 'FORBIDDEN', 403);
    failsWith(await call('getById', { id: '', organizationId: org }, staff.token), 'VALIDATION_FAILED', 400);

    const listed = ok(await call('listByOrganization', { organizationId: org }, staff.token));
    assert.equal(listed.total, 2);
    assert.ok(listed.items.every((p: { organizationId: string }) => p.organizationId === org));
    const paid = ok(await call('listByOrganization', { organizationId: org, status: 'PAID' }, admin.token));
    assert.deepEqual(paid.items.map((p: { status: string }) => p.status), ['PAID']);
    const page2 = ok(await call('listByOrganization', { organizationId: org, pageSize: 1, page: 2 }, staff.token));
    assert.deepEqual([page2.items.length, page2.totalPages, page2.items[0].id], [1, 2, item.id]);
    assert.equal(ok(await asAdmin('listByOrganization', { organizationId: orgId() })).total, 0);
    failsWith(await call('listByOrganization', { organizationId: org }), 'UNAUTHENTICATED', 401);
    failsWith(await call('listByOrganization', { organizationId: org }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('listByOrganization', { organizationId: org }, patient.token), 'FORBIDDEN', 403);
    failsWith(await call('listByOrganization', { organizationId: org }, receptionist.token), 'FORBIDDEN', 403);
    failsWith(await call('listByOrganization', { organizationId: org, pageSize: 101 }, staff.token), 'VALIDATION_FAILED', 400);
  });

  test('list spans every organization, newest first; with a token it needs platform_admin', async () => {
    const a = orgId();
    const b = orgId();
    const first = ok(await asAdmin('create', payout(a, { status: 'ON_HOLD' }))).item;
    const second = ok(await asAdmin('create', payout(b, { status: 'ON_HOLD' }))).item;
    const held = ok(await asAdmin('list', { status: 'ON_HOLD' }));
    assert.deepEqual(held.items.map((p: { id: string }) => p.id), [second.id, first.id]);
    assert.equal(held.total, 2);
    const all = ok(await call('list', { pageSize: 100 }));
    assert.ok(all.total >= 2);
    assert.deepEqual(new Set(all.items.map((p: { organizationId: string }) => p.organizationId)).has(a), true);

    const staff = await signIn(t(), { organizationId: a, roles: ['admin'] });
    const patient = await signIn(t(), { organizationId: null, roles: ['patient'] });
    failsWith(await call('list', {}, staff.token), 'FORBIDDEN', 403);
    failsWith(await call('list', {}, patient.token), 'FORBIDDEN', 403);
    failsWith(await call('list', { page: 0 }), 'VALIDATION_FAILED', 400);
    failsWith(await call('list', { pageSize: 0 }, admin.token), 'VALIDATION_FAILED', 400);
  });
});
