import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, signIn, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { inventoryCalls, NOW } from './inventoryItems.testkit.ts';

let clock = NOW;

describeEachDialect(
  'inventoryItems alerts',
  (t) => {
    const org = orgId();
    const { call, createItem, receive, issue, adjust } = inventoryCalls(t);
    let admin: SignedIn;
    let pharmacist: SignedIn;

    /** The notifications about an item, per recipient, oldest first. */
    async function alerts(itemId: string) {
      const rows = await t()
        .database.db.selectFrom('notifications')
        .select(['recipientIdpUserId', 'recipientRole', 'type', 'message', 'dedupeKey'])
        .where('organizationId', '=', org)
        .where('relatedEntityId', '=', itemId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      return rows;
    }
    const typesFor = async (itemId: string, person: SignedIn) =>
      (await alerts(itemId)).filter((a) => a.recipientIdpUserId === person.idpUserId).map((a) => a.type);

    before(async () => {
      admin = await signIn(t(), { organizationId: org, roles: ['admin'] });
      pharmacist = await signIn(t(), { organizationId: org, roles: ['staff', 'pharmacist'] });
      await signIn(t(), { organizationId: org, roles: ['doctor'] });
      await signIn(t(), { organizationId: org, roles: ['pharmacist'], blocked: true });
      await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
    });

    test('falling to minStock notifies each admin and pharmacist once; further movements in the episode notify no one', async () => {
      const item = await createItem(org, { itemName: 'Insulin pen', quantity: 10, minStock: 4, unitOfMeasure: 'pens' });
      assert.equal((await alerts(item.id)).length, 0);
      ok(await issue(org, item.id, 6));
      const first = await alerts(item.id);
      assert.deepEqual(first.map((a) => a.recipientIdpUserId).sort(), [admin.idpUserId, pharmacist.idpUserId].sort(), 'staff only, not blocked, this organization');
      assert.deepEqual(first.map((a) => a.type), ['inventory_low_stock', 'inventory_low_stock']);
      assert.equal(first.find((a) => a.recipientIdpUserId === pharmacist.idpUserId)!.recipientRole, 'pharmacist');
      assert.match(first[0]!.message, /down to 4 pens \(minimum 4\)/);
      assert.match(first[0]!.dedupeKey!, new RegExp(`^inventory:${item.id}:low-stock:1:`));
      ok(await issue(org, item.id, 1));
      ok(await adjust(org, item.id, -2));
      ok(await receive(org, item.id, 1));
      assert.equal((await alerts(item.id)).length, 2, 'still the same episode');
    });

    test('recovering above minStock closes the episode; the next fall is a new episode and notifies again', async () => {
      const item = await createItem(org, { quantity: 5, minStock: 2 });
      ok(await issue(org, item.id, 3));
      assert.deepEqual(await typesFor(item.id, admin), ['inventory_low_stock']);
      ok(await receive(org, item.id, 1));
      assert.deepEqual(await typesFor(item.id, admin), ['inventory_low_stock'], 'recovering above minStock notifies no one');
      ok(await issue(org, item.id, 3));
      assert.deepEqual(await typesFor(item.id, admin), ['inventory_low_stock', 'inventory_out_of_stock']);
      const keys = (await alerts(item.id)).filter((a) => a.recipientIdpUserId === admin.idpUserId).map((a) => a.dedupeKey!.split(':')[3]);
      assert.deepEqual(keys, ['1', '2']);
    });

    test('raising minStock above the stock (update) opens an episode; clearing it closes it', async () => {
      const item = await createItem(org, { quantity: 5 });
      ok(await call('update', { id: item.id, organizationId: org, minStock: 5 }));
      assert.deepEqual(await typesFor(item.id, pharmacist), ['inventory_low_stock']);
      ok(await call('update', { id: item.id, organizationId: org, itemName: 'renamed' }));
      ok(await call('update', { id: item.id, organizationId: org, minStock: null }));
      ok(await call('update', { id: item.id, organizationId: org, minStock: 6 }));
      assert.deepEqual(await typesFor(item.id, pharmacist), ['inventory_low_stock', 'inventory_low_stock']);
    });

    test('a batch with stock expiring within the warning window is announced once; an expired one too; a corrected date again', async () => {
      const item = await createItem(org, { itemName: 'Amoxicillin', quantity: 3, batchNumber: 'FAR', expiryDate: '2027-05-01' });
      assert.equal((await alerts(item.id)).length, 0, 'outside the 90 days');
      ok(await receive(org, item.id, 4, { batchNumber: 'NEAR', expiryDate: '2026-08-13' }));
      assert.deepEqual(await typesFor(item.id, admin), ['inventory_near_expiry']);
      assert.match((await alerts(item.id))[0]!.message, /Batch NEAR of Amoxicillin \(4 units\) expires on 2026-08-13/);
      ok(await receive(org, item.id, 1, { batchNumber: 'NEAR' }));
      ok(await issue(org, item.id, 1));
      assert.deepEqual(await typesFor(item.id, admin), ['inventory_near_expiry'], 'not on every movement');
      ok(await receive(org, item.id, 2, { batchNumber: 'DEAD', expiryDate: '2026-05-01' }));
      assert.deepEqual(await typesFor(item.id, admin), ['inventory_near_expiry', 'inventory_expired']);
      // The item shows NEAR (next to issue); correcting its expiry announces the corrected date.
      ok(await call('update', { id: item.id, organizationId: org, expiryDate: '2026-08-01' }));
      assert.deepEqual(await typesFor(item.id, admin), ['inventory_near_expiry', 'inventory_expired', 'inventory_near_expiry']);
      assert.equal((await alerts(item.id)).length, 6, 'one per staff member each time');
    });

    test('sendExpiryAlerts announces batches that came into the window while nothing moved, once; another organization untouched', async () => {
      const item = await createItem(org, { itemName: 'Idle stock', quantity: 2, batchNumber: 'IDLE', expiryDate: '2026-09-01' });
      const elsewhere = orgId();
      await signIn(t(), { organizationId: elsewhere, roles: ['admin'] });
      const foreign = await createItem(elsewhere, { quantity: 2, batchNumber: 'F', expiryDate: '2026-09-01' });
      assert.equal(ok(await call('sendExpiryAlerts', { organizationId: org })).batches, 0, '109 days away');
      clock = NOW + 20 * 86_400_000;
      try {
        assert.deepEqual(ok(await call('sendExpiryAlerts', { organizationId: org })), { organizationId: org, batches: 1 });
        assert.deepEqual(await typesFor(item.id, admin), ['inventory_near_expiry']);
        assert.deepEqual(await typesFor(item.id, pharmacist), ['inventory_near_expiry']);
        assert.equal(ok(await call('sendExpiryAlerts', { organizationId: org })).batches, 0, 'once');
        const foreignAlerts = await t().database.db.selectFrom('notifications').select('id').where('relatedEntityId', '=', foreign.id).execute();
        assert.equal(foreignAlerts.length, 0);
        failsWith(await call('sendExpiryAlerts', {}), 'VALIDATION_FAILED', 400);
      } finally {
        clock = NOW;
      }
    });
  },
  { services: { now: () => clock } },
);
