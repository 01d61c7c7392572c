import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, platformAdmin, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { payout } from './superAdminPayouts.testkit.ts';

/** The payout lifecycle: statuses move forward along the table, a label stays within its stage, the ends are final. */
describeEachDialect('superAdminPayouts: statuses and moves', (t) => {
  let admin: SignedIn;
  const asAdmin = (op: string, data: Record<string, unknown>) => t().call('superAdminPayouts', op, data, { token: admin.token });
  const stage = async (id: string) => (await t().database.db.selectFrom('superAdminPayouts').select('stage').where('id', '=', id).executeTakeFirstOrThrow()).stage;

  before(async () => {
    admin = await platformAdmin(t());
  });

  test('forward along the table, a label within the stage; paid is final; going back is INVALID_STATE and changes nothing', async () => {
    const org = orgId();
    const { item } = ok(await asAdmin('create', payout(org)));
    const move = (status: string) => asAdmin('update', { id: item.id, organizationId: org, status });
    ok(await move('approved'));
    assert.equal(await stage(item.id), 'APPROVED');
    ok(await move('AWAITING_BANK'));
    assert.equal(await stage(item.id), 'APPROVED', 'a label stays within its stage');
    const back = failsWith(await move('REQUESTED'), 'INVALID_STATE', 409);
    assert.match(back.message, /AWAITING_BANK \(stage APPROVED\) payout cannot become REQUESTED/);
    ok(await move('PROCESSING'));
    failsWith(await move('CANCELLED'), 'INVALID_STATE', 409);
    const paid = ok(await move('processed')).item;
    assert.equal(await stage(item.id), 'PAID');
    assert.ok(paid.processedAt > 0);
    for (const status of ['REQUESTED', 'FAILED', 'SOMETHING']) failsWith(await move(status), 'INVALID_STATE', 409);
    assert.equal(ok(await asAdmin('getById', { id: item.id, organizationId: org })).item.status, 'processed');
    ok(await asAdmin('update', { id: item.id, organizationId: org, notes: 'reconciled' }));
  });

  test('delete: only a payout still requested; an import keeps the stage its status names', async () => {
    const org = orgId();
    const fresh = ok(await asAdmin('create', payout(org))).item;
    const imported = ok(await asAdmin('create', payout(org, { status: 'PAID' }))).item;
    assert.equal(await stage(imported.id), 'PAID');
    failsWith(await asAdmin('update', { id: imported.id, organizationId: org, status: 'REQUESTED' }), 'INVALID_STATE', 409);
    failsWith(await asAdmin('delete', { id: imported.id, organizationId: org }), 'INVALID_STATE', 409);
    ok(await asAdmin('update', { id: fresh.id, organizationId: org, status: 'REJECTED' }));
    failsWith(await asAdmin('delete', { id: fresh.id, organizationId: org }), 'INVALID_STATE', 409);
    const labelled = ok(await asAdmin('create', payout(org, { status: 'queued' }))).item;
    assert.equal(await stage(labelled.id), 'REQUESTED');
    ok(await asAdmin('delete', { id: labelled.id, organizationId: org }));
  });
});
