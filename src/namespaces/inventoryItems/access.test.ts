import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import { inventoryCalls, NOW } from './inventoryItems.testkit.ts';

describeEachDialect(
  'inventoryItems: members with a granted role only',
  (t) => {
    const { createItem, assertLedger } = inventoryCalls(t);
    const as = (op: string, data: Record<string, unknown>, token: string) => t().call('inventoryItems', op, data, { token });

    test('an account without membership, a member of another organization and a receptionist neither list nor change inventory', async () => {
      const org = orgId();
      const item = await createItem(org, { quantity: 5 });
      const account = await tokenFor(t(), newId());
      const otherPharmacist = (await signIn(t(), { organizationId: orgId(), roles: ['pharmacist'] })).token;
      const receptionist = (await signIn(t(), { organizationId: org, roles: ['receptionist'] })).token;
      for (const token of [account, otherPharmacist, receptionist]) {
        failsWith(await as('list', { organizationId: org }, token), 'FORBIDDEN', 403);
        failsWith(await as('getById', { id: item.id, organizationId: org }, token), 'FORBIDDEN', 403);
        failsWith(await as('create', { organizationId: org, itemName: 'Intruder' }, token), 'FORBIDDEN', 403);
        failsWith(await as('update', { id: item.id, organizationId: org, itemName: 'Renamed' }, token), 'FORBIDDEN', 403);
        failsWith(await as('receiveStock', { organizationId: org, inventoryItemId: item.id, quantity: 3 }, token), 'FORBIDDEN', 403);
        failsWith(await as('delete', { id: item.id, organizationId: org }, token), 'FORBIDDEN', 403);
      }
      assert.equal(await assertLedger(item.id), 5, 'the refused calls moved no stock');
      assert.equal(ok(await t().call('inventoryItems', 'list', { organizationId: org })).total, 1, 'nothing was created');
    });

    test('a nurse reads but does not change stock; a pharmacist and an admin do both', async () => {
      const org = orgId();
      const item = await createItem(org, { quantity: 5 });
      const nurse = (await signIn(t(), { organizationId: org, roles: ['nurse'] })).token;
      assert.equal(ok(await as('getById', { id: item.id, organizationId: org }, nurse)).item.quantity, 5);
      failsWith(await as('issueStock', { organizationId: org, inventoryItemId: item.id, quantity: 1, type: 'ISSUE' }, nurse), 'FORBIDDEN', 403);
      for (const roles of [['pharmacist'], ['admin']]) {
        const token = (await signIn(t(), { organizationId: org, roles })).token;
        ok(await as('receiveStock', { organizationId: org, inventoryItemId: item.id, quantity: 2 }, token));
        assert.equal(ok(await as('list', { organizationId: org }, token)).total, 1);
      }
      assert.equal(await assertLedger(item.id), 9);
    });
  },
  { services: { now: () => NOW } },
);
