import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';

describeEachDialect('suppliers: members with a granted role only', (t) => {
  const as = (op: string, data: Record<string, unknown>, token?: string) => t().call('suppliers', op, data, token ? { token } : {});

  test('an account without membership, a member of another organization and a nurse neither read nor change suppliers', async () => {
    const org = orgId();
    const { item } = ok(await as('create', { organizationId: org, name: 'Acme Pharma' }));
    const account = await tokenFor(t(), newId());
    const otherPharmacist = (await signIn(t(), { organizationId: orgId(), roles: ['pharmacist'] })).token;
    const nurse = (await signIn(t(), { organizationId: org, roles: ['nurse'] })).token;
    for (const token of [account, otherPharmacist, nurse]) {
      failsWith(await as('list', { organizationId: org }, token), 'FORBIDDEN', 403);
      failsWith(await as('getById', { id: item.id, organizationId: org }, token), 'FORBIDDEN', 403);
      failsWith(await as('create', { organizationId: org, name: 'Intruder' }, token), 'FORBIDDEN', 403);
      failsWith(await as('update', { id: item.id, organizationId: org, name: 'Renamed' }, token), 'FORBIDDEN', 403);
      failsWith(await as('delete', { id: item.id, organizationId: org }, token), 'FORBIDDEN', 403);
    }
    assert.deepEqual(ok(await as('list', { organizationId: org })).items.map((s: { name: string }) => s.name), ['Acme Pharma']);
  });

  test('an accountant reads; a pharmacist and an admin write', async () => {
    const org = orgId();
    const { item } = ok(await as('create', { organizationId: org, name: 'Acme Pharma' }));
    const accountant = (await signIn(t(), { organizationId: org, roles: ['accountant'] })).token;
    assert.equal(ok(await as('getById', { id: item.id, organizationId: org }, accountant)).item.name, 'Acme Pharma');
    failsWith(await as('update', { id: item.id, organizationId: org, phone: '1' }, accountant), 'FORBIDDEN', 403);
    for (const [roles, phone] of [[['pharmacist'], '2'], [['admin'], '3']] as const) {
      const token = (await signIn(t(), { organizationId: org, roles: [...roles] })).token;
      assert.equal(ok(await as('update', { id: item.id, organizationId: org, phone }, token)).item.phone, phone);
    }
  });
});
