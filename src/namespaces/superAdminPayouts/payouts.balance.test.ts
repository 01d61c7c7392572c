import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, platformAdmin, signIn, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { adminOf, clinicWith, collect, payout } from './superAdminPayouts.testkit.ts';

/** A payout of `gross` with no commission or charges, in the given status. */
const plain = (organizationId: string, gross: number, status: string) =>
  payout(organizationId, { grossAmount: gross, commissionPercent: 0, commissionAmount: 0, gatewayCharge: 0, payoutCharge: 0, netPayout: gross, status });

describeEachDialect('superAdminPayouts balance: getOrganizationSummary and requestByOrganization', (t) => {
  let admin: SignedIn;
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('superAdminPayouts', op, data, token ? { token } : {});
  /** Every summary and request passes a token: neither is open to an anonymous caller. */
  const summary = async (organizationId: string, token: string) => ok(await call('getOrganizationSummary', { organizationId }, token));
  const request = (organizationId: string, amount: number, token: string | undefined) => call('requestByOrganization', { organizationId, amount }, token);

  before(async () => {
    admin = await platformAdmin(t());
  });

  test('summary: collected from paid appointments only, paid out and pending by status (gross), available; exact', async () => {
    const c = await clinicWith(t(), [0.1, 0.2, 100.35]);
    await collect(t(), c, [999], 'pending');
    await clinicWith(t(), [5000]);
    for (const [gross, status] of [
      [10.05, 'PAID'],
      [0.3, 'processed'],
      [20, 'REQUESTED'],
      [1, 'APPROVED'],
      [2, 'PROCESSING'],
      [3, 'ON_HOLD'],
      [40, 'REJECTED'],
      [50, 'FAILED'],
    ] as const) {
      ok(await call('create', plain(c.org, gross, status), admin.token));
    }
    ok(await call('create', payout(c.org, { status: 'PAID' }), admin.token));
    const s = await summary(c.org, c.admin.token);
    assert.deepEqual(s, {
      organizationId: c.org,
      collected: 100.65,
      paidOut: 1010.45,
      paidOutNet: 860.44,
      pendingPayouts: 26,
      available: -935.8,
      counts: { paidAppointments: 3, paidOutPayouts: 3, pendingPayouts: 4 },
      rates: { commissionPercent: 10, gatewayChargePercent: 2, payoutCharge: 0 },
    });
    const empty = await summary(orgId(), admin.token);
    assert.deepEqual([empty.collected, empty.paidOut, empty.pendingPayouts, empty.available], [0, 0, 0, 0]);
  });

  test('summary: a token of the organization\'s admin or accountant, or a platform admin; no token 401; its other staff, other organization\'s admin, a patient, a blocked admin 403; bad input 400', async () => {
    const c = await clinicWith(t(), [10]);
    const accountant = await signIn(t(), { organizationId: c.org, roles: ['accountant'] });
    const outsider = await adminOf(t(), orgId());
    const patient = await signIn(t(), { organizationId: null, roles: ['patient'] });
    const blocked = await signIn(t(), { organizationId: c.org, roles: ['admin'], blocked: true });
    const sees = async (token: string) => ok(await call('getOrganizationSummary', { organizationId: c.org }, token)).available;
    assert.deepEqual([await sees(c.admin.token), await sees(accountant.token), await sees(admin.token)], [10, 10, 10]);
    failsWith(await call('getOrganizationSummary', { organizationId: c.org }), 'UNAUTHENTICATED', 401);
    for (const caller of [c.doctor, outsider, patient, blocked]) {
      failsWith(await call('getOrganizationSummary', { organizationId: c.org }, caller.token), 'FORBIDDEN', 403);
    }
    failsWith(await call('getOrganizationSummary', {}, c.admin.token), 'VALIDATION_FAILED', 400);
    failsWith(await call('getOrganizationSummary', { organizationId: 7 }, admin.token), 'VALIDATION_FAILED', 400);
  });

  test('request: commission and gateway charge from configuration, status REQUESTED, counted as pending', async () => {
    const c = await clinicWith(t(), [150]);
    const { item } = ok(await call('requestByOrganization', { organizationId: c.org, amount: 100.05, notes: 'June' }, c.admin.token));
    // 10 % of 100.05 = 10.005 -> 10.01 (half up); 2 % = 2.001 -> 2.00; net 100.05 - 10.01 - 2.00 - 0 = 88.04
    assert.deepEqual(
      [item.organizationId, item.grossAmount, item.commissionPercent, item.commissionAmount, item.gatewayCharge, item.payoutCharge, item.netPayout, item.status, item.notes],
      [c.org, 100.05, 10, 10.01, 2, 0, 88.04, 'REQUESTED', 'June'],
    );
    assert.deepEqual([item.processedAt, item.processedByUserId, item.paymentIds], [null, null, null]);
    assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: c.org }, c.admin.token)).item, item);
    const s = await summary(c.org, c.admin.token);
    assert.deepEqual([s.collected, s.pendingPayouts, s.available], [150, 100.05, 49.95]);
  });

  test('request more than available is INVALID_STATE naming the available amount; a rejected payout frees its amount', async () => {
    const c = await clinicWith(t(), [60, 40.5]);
    const token = c.admin.token;
    const first = ok(await request(c.org, 80, token)).item;
    const over = failsWith(await request(c.org, 20.51, token), 'INVALID_STATE', 409);
    assert.match(over.message, /available 20\.50/);
    ok(await request(c.org, 20.5, token));
    failsWith(await request(c.org, 0.01, token), 'INVALID_STATE', 409);
    ok(await call('update', { id: first.id, organizationId: c.org, status: 'REJECTED' }, admin.token));
    ok(await request(c.org, 80, token));
    failsWith(await call('update', { id: first.id, organizationId: c.org, status: 'REQUESTED' }, admin.token), 'INVALID_STATE', 409);
    assert.equal((await summary(c.org, token)).available, 0, 'a released payout is not taken back (it would owe money)');
    const none = failsWith(await request(c.org, 1, token), 'INVALID_STATE', 409);
    assert.match(none.message, /available 0\.00/);
    failsWith(await request(orgId(), 1, admin.token), 'INVALID_STATE', 409);
  });

  test('request: validation failures, including a net payout that would not be above zero', async () => {
    const c = await clinicWith(t(), [100]);
    for (const amount of [0, -5, 1.001, '10', null]) {
      const error = failsWith(await request(c.org, amount as number, c.admin.token), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path), ['amount']);
    }
    failsWith(await call('requestByOrganization', { amount: 10 }, c.admin.token), 'VALIDATION_FAILED', 400);
    failsWith(await call('requestByOrganization', { organizationId: c.org, amount: 10, notes: 5 }, c.admin.token), 'VALIDATION_FAILED', 400);
    // 0.01: commission 0.00, gateway 0.00 -> net 0.01 > 0, allowed.
    assert.equal(ok(await request(c.org, 0.01, c.admin.token)).item.netPayout, 0.01);
    assert.equal((await summary(c.org, c.admin.token)).available, 99.99);
  });

  test('request: no token 401; role admin or accountant in the organization, or platform_admin; everyone else 403 and nothing recorded', async () => {
    const c = await clinicWith(t(), [100]);
    const accountant = await signIn(t(), { organizationId: c.org, roles: ['accountant'] });
    const outsider = await adminOf(t(), orgId());
    // An admin elsewhere who is only a receptionist here: the role counts in its own organization only.
    const adminElsewhere = await adminOf(t(), orgId());
    await signIn(t(), { organizationId: c.org, roles: ['receptionist'], idpUserId: adminElsewhere.idpUserId });
    const blockedAdmin = await signIn(t(), { organizationId: c.org, roles: ['admin'], blocked: true });
    const patient = await signIn(t(), { organizationId: null, roles: ['patient'] });

    failsWith(await request(c.org, 10, undefined), 'UNAUTHENTICATED', 401);
    for (const [who, caller] of [['doctor', c.doctor], ['outsider', outsider], ['adminElsewhere', adminElsewhere], ['blockedAdmin', blockedAdmin], ['patient', patient]] as const) {
      const refused = await request(c.org, 10, caller.token);
      assert.deepEqual([who, refused.statusCode, refused.body.error?.code], [who, 403, 'FORBIDDEN']);
    }
    assert.equal((await summary(c.org, c.admin.token)).available, 100);
    assert.equal(ok(await call('listByOrganization', { organizationId: c.org }, c.admin.token)).total, 0);

    ok(await request(c.org, 10, c.admin.token));
    ok(await request(c.org, 10, accountant.token));
    ok(await request(c.org, 10, admin.token));
    assert.equal((await summary(c.org, accountant.token)).available, 70);
    assert.equal(ok(await call('listByOrganization', { organizationId: c.org }, c.admin.token)).total, 3);
  });

  test('concurrent requests never together exceed what is available: of two requests of 60 out of 100, one wins', async () => {
    // Eight organizations at once, so that the pairs' transactions interleave.
    const clinics = await Promise.all(Array.from({ length: 8 }, () => clinicWith(t(), [100])));
    const pairs = await Promise.all(clinics.map((c) => Promise.all([request(c.org, 60, c.admin.token), request(c.org, 60, c.admin.token)])));
    for (const [i, responses] of pairs.entries()) {
      assert.deepEqual(responses.map((r) => r.statusCode).sort(), [200, 409], `organization ${i}`);
      assert.equal(responses.find((r) => r.statusCode === 409)!.body.error.code, 'INVALID_STATE');
      const s = await summary(clinics[i]!.org, clinics[i]!.admin.token);
      assert.deepEqual([s.pendingPayouts, s.available, s.counts.pendingPayouts], [60, 40, 1]);
    }
  });

  test('twenty concurrent requests of 15 out of 100: exactly six are granted', async () => {
    const c = await clinicWith(t(), [100]);
    const accountant = await signIn(t(), { organizationId: c.org, roles: ['accountant'] });
    // Half the requests by the admin, half by an accountant: two callers, one balance.
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => request(c.org, 15, i % 2 ? accountant.token : c.admin.token)));
    assert.equal(responses.filter((r) => r.statusCode === 200).length, 6);
    assert.ok(responses.every((r) => r.statusCode === 200 || r.body.error.code === 'INVALID_STATE'));
    const listed = ok(await call('listByOrganization', { organizationId: c.org }, c.admin.token));
    assert.equal(listed.total, 6);
    assert.equal((await summary(c.org, c.admin.token)).available, 10);
  });
});

describeEachDialect(
  'superAdminPayouts.requestByOrganization with configured rates',
  (t) => {
    test('commission 12.5 %, gateway 1.99 % and a fixed charge 3.50; a net payout of zero or less is VALIDATION_FAILED', async () => {
      const c = await clinicWith(t(), [500]);
      const token = { token: c.admin.token };
      const request = (amount: number) => t().call('superAdminPayouts', 'requestByOrganization', { organizationId: c.org, amount }, token);
      const { item } = ok(await request(100.01));
      // 12.5 % of 100.01 = 12.50125 -> 12.50; 1.99 % = 1.990199 -> 1.99; net 100.01 - 12.50 - 1.99 - 3.50 = 82.02
      assert.deepEqual(
        [item.commissionPercent, item.commissionAmount, item.gatewayCharge, item.payoutCharge, item.netPayout],
        [12.5, 12.5, 1.99, 3.5, 82.02],
      );
      const error = failsWith(await request(4), 'VALIDATION_FAILED', 400);
      assert.match(error.message, /come to 4\.08/);
      const summary = ok(await t().call('superAdminPayouts', 'getOrganizationSummary', { organizationId: c.org }, token));
      assert.deepEqual(summary.rates, { commissionPercent: 12.5, gatewayChargePercent: 1.99, payoutCharge: 3.5 });
      assert.equal(summary.available, 399.99);
    });
  },
  { env: { PAYOUT_COMMISSION_PERCENT: '12.5', PAYOUT_GATEWAY_CHARGE_PERCENT: '1.99', PAYOUT_FIXED_CHARGE: '3.50' } },
);
