import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, signIn, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { refusing } from '../../../test/refusing.ts';
import { JobRunner, type JobDefinition } from '../../background/runner.ts';
import { createServices } from '../../providers/index.ts';
import { expiryAlerts, lowStockDigest } from './inventoryItems.jobs.ts';
import { inventoryCalls, NOW } from './inventoryItems.testkit.ts';

const DAY = 86_400_000;
let clock = NOW;

describeEachDialect(
  'inventoryItems: the daily jobs (expiry alerts, low-stock digest)',
  (t) => {
    const org = orgId();
    const { createItem, issue, receive } = inventoryCalls(t);
    let admin: SignedIn;
    const run = (job: JobDefinition) =>
      new JobRunner({ database: t().database, config: t().config, services: createServices(t().config, t().app.log), log: t().app.log, jobs: [job], now: () => clock }).runDue();
    const notes = async (type: string) =>
      t().database.db.selectFrom('notifications').select(['recipientIdpUserId', 'message', 'relatedEntityId']).where('organizationId', '=', org).where('type', '=', type).orderBy('createdAt').execute();

    before(async () => {
      clock = NOW;
      admin = await signIn(t(), { organizationId: org, roles: ['admin'] });
    });

    test('expiry: a batch that comes within the warning window while nothing moves is announced by the daily run, once', async () => {
      const item = await createItem(org, { itemName: 'Amoxicillin 250' });
      // 100 days ahead: outside the 90-day window on NOW's day.
      ok(await receive(org, item.id, 20, { batchNumber: 'AMX-1', expiryDate: '2026-08-23' }));
      assert.deepEqual(await run(expiryAlerts), ['inventoryItems.expiryAlerts']);
      assert.equal((await notes('inventory_near_expiry')).length, 0, 'not yet within the window');
      clock = NOW + 12 * DAY;
      assert.deepEqual(await run(expiryAlerts), ['inventoryItems.expiryAlerts']);
      const first = await notes('inventory_near_expiry');
      assert.equal(first.length, 1);
      assert.equal(first[0]!.recipientIdpUserId, admin.idpUserId);
      assert.match(first[0]!.message, /Batch AMX-1 of Amoxicillin 250 \(20 units\) expires on 2026-08-23/);
      clock += DAY;
      assert.deepEqual(await run(expiryAlerts), ['inventoryItems.expiryAlerts']);
      assert.equal((await notes('inventory_near_expiry')).length, 1, 'announced once per expiry date');
    });

    test('low stock: what stays at or below its minimum is listed to the staff once a day', async () => {
      const saline = await createItem(org, { itemName: 'Saline 500 ml', quantity: 10, minStock: 5 });
      const gauze = await createItem(org, { itemName: 'Gauze', quantity: 3, minStock: 2 });
      await createItem(org, { itemName: 'Syringe 5 ml', quantity: 50, minStock: 5 });
      ok(await issue(org, saline.id, 6));
      ok(await issue(org, gauze.id, 3));
      clock += 2 * DAY;
      assert.deepEqual(await run(lowStockDigest), ['inventoryItems.lowStockDigest']);
      const digest = await notes('inventory_low_stock_daily');
      assert.equal(digest.length, 1);
      assert.equal(digest[0]!.recipientIdpUserId, admin.idpUserId);
      assert.equal(digest[0]!.message, '1 out of stock. Gauze (0 of 2), Saline 500 ml (4 of 5).');
      assert.deepEqual(await run(lowStockDigest), [], 'not due again within the day');
      ok(await receive(org, gauze.id, 10));
      ok(await receive(org, saline.id, 10));
      clock += DAY;
      assert.deepEqual(await run(lowStockDigest), ['inventoryItems.lowStockDigest']);
      assert.equal((await notes('inventory_low_stock_daily')).length, 1, 'nothing low: no digest');
    });

    test('an organization whose alert fails is tried again with backoff; the others are told at once, and once', async () => {
      const refusedOrg = orgId();
      await signIn(t(), { organizationId: refusedOrg, roles: ['admin'] });
      clock += 2 * DAY;
      // Outside the 90-day window when received; inside it ten days later, with nothing moving.
      const expiring = new Date(clock + 95 * DAY).toISOString().slice(0, 10);
      for (const organization of [refusedOrg, org]) {
        const item = await createItem(organization, { itemName: `Cetirizine ${organization.slice(-4)}` });
        ok(await receive(organization, item.id, 5, { batchNumber: `CET-${organization.slice(-4)}`, expiryDate: expiring }));
      }
      clock += 10 * DAY;
      const told = async (organization: string) =>
        (await t().database.db.selectFrom('notifications').select('id').where('organizationId', '=', organization).where('type', '=', 'inventory_near_expiry').where('message', 'like', '%CET-%').execute()).length;
      const outcome = async () => (await t().database.db.selectFrom('jobs').select('lastOutcome').where('name', '=', 'inventoryItems.expiryAlerts').executeTakeFirstOrThrow()).lastOutcome;
      await refusing(t(), { table: 'notifications', change: 'insert', column: 'organizationId', value: refusedOrg }, async () => {
        assert.deepEqual(await run(expiryAlerts), ['inventoryItems.expiryAlerts']);
        assert.equal(await told(org), 1, 'the other organization is told although the first failed');
        assert.equal(await told(refusedOrg), 0);
        assert.equal(await outcome(), 'failed', 'the run fails after the others, to be tried again');
      });
      clock += 31_000;
      assert.deepEqual(await run(expiryAlerts), ['inventoryItems.expiryAlerts'], 'due again after the first backoff, not the next day');
      assert.equal(await told(refusedOrg), 1);
      assert.equal(await told(org), 1, 'not told twice');
      assert.equal(await outcome(), 'ok');
    });
  },
  { services: { now: () => clock } },
);
