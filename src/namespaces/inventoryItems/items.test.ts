import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { searchCatalogue } from './inventoryItems.repo.ts';
import { inventoryCalls, NOW } from './inventoryItems.testkit.ts';

const FIELDS = [
  'batchId', 'batchNumber', 'brandName', 'category', 'createdAt', 'expiryDate', 'genericName', 'gstPercentage', 'hsnCode', 'id',
  'itemName', 'locationId', 'locationName', 'lotNumber', 'maxStock', 'medicineType', 'minStock', 'module', 'mrp', 'offlinePrice',
  'onlinePrice', 'organizationId', 'productId', 'quantity', 'strength', 'strengthUnit', 'supplierId', 'supplierName', 'unitOfMeasure',
  'unitPrice', 'updatedAt', 'variantId',
];

describeEachDialect(
  'inventoryItems records',
  (t) => {
    const org = orgId();
    const other = orgId();
    const { call, createItem, receive, issue, adjust, assertLedger } = inventoryCalls(t);
    let supplier: { id: string; name: string };
    let otherSupplier: { id: string };
    const stored = (id: string) =>
      t().database.db.selectFrom('inventoryItems').select(['mrp', 'gstPercentage', 'unitPrice', 'onlinePrice']).where('id', '=', id).executeTakeFirstOrThrow();

    before(async () => {
      supplier = ok(await t().call('suppliers', 'create', { organizationId: org, name: 'Acme Pharma' })).item;
      otherSupplier = ok(await t().call('suppliers', 'create', { organizationId: other, name: 'Other Pharma' })).item;
    });

    test('create keeps money exact (minor units, basis points) and enters opening stock in the ledger', async () => {
      const item = await createItem(org, {
        id: 'mine', module: 'pharmacy', genericName: 'Paracetamol', brandName: 'Calpol', category: 'tablet', unitOfMeasure: 'strip',
        hsnCode: '3004', gstPercentage: 12.5, mrp: 19.99, onlinePrice: 18.5, offlinePrice: 19.01, unitPrice: 0.1, supplierId: supplier.id,
        quantity: 40, minStock: 10, maxStock: 500, locationId: 'store-1', locationName: 'Main store', batchNumber: 'B-1', lotNumber: 'L-1',
        expiryDate: '2027-01-31', productId: 'prod-para', variantId: 'var-para-10', medicineType: 'tablet', strength: '500', strengthUnit: 'mg',
      });
      assert.deepEqual(Object.keys(item).sort(), FIELDS);
      assert.notEqual(item.id, 'mine');
      assert.deepEqual(
        [item.mrp, item.onlinePrice, item.offlinePrice, item.unitPrice, item.gstPercentage, item.quantity],
        [19.99, 18.5, 19.01, 0.1, 12.5, 40],
      );
      assert.equal(item.supplierName, 'Acme Pharma', 'filled from the supplier');
      assert.deepEqual([item.batchNumber, item.lotNumber, item.expiryDate], ['B-1', 'L-1', '2027-01-31']);
      assert.equal(typeof item.batchId, 'string');
      const row = await stored(item.id);
      assert.deepEqual([Number(row.mrp), Number(row.gstPercentage), Number(row.unitPrice), Number(row.onlinePrice)], [1999, 1250, 10, 1850]);

      const got = ok(await call('getById', { id: item.id, organizationId: org }));
      assert.deepEqual(got.item, item);
      assert.equal(got.batches.length, 1);
      assert.deepEqual([got.batches[0].id, got.batches[0].batchNumber, got.batches[0].quantity, got.batches[0].isExpired], [item.batchId, 'B-1', 40, false]);
      const movements = ok(await call('listMovements', { organizationId: org, inventoryItemId: item.id })).items;
      assert.deepEqual(movements.map((m: { type: string; quantity: number; balanceAfter: number }) => [m.type, m.quantity, m.balanceAfter]), [['OPENING', 40, 40]]);
      assert.equal(movements[0].unitPrice, 0.1);
      assert.equal(await assertLedger(item.id), 40);
    });

    test('create without stock has quantity 0 and no movement; batch details alone make an empty batch', async () => {
      const bare = await createItem(org);
      assert.equal(bare.quantity, 0);
      assert.equal(bare.mrp, null);
      assert.equal(bare.batchId, null);
      assert.equal(ok(await call('listMovements', { organizationId: org, inventoryItemId: bare.id })).total, 0);
      const dated = await createItem(org, { batchNumber: 'E-1', expiryDate: '2027-03-01' });
      assert.deepEqual([dated.quantity, dated.batchNumber, dated.expiryDate], [0, 'E-1', '2027-03-01']);
      ok(await receive(org, dated.id, 5, { batchNumber: 'E-1' }));
      const batches = ok(await call('getById', { id: dated.id, organizationId: org })).batches;
      assert.deepEqual(batches.map((b: { batchNumber: string; quantity: number; expiryDate: string }) => [b.batchNumber, b.quantity, b.expiryDate]), [['E-1', 5, '2027-03-01']]);
    });

    test('create validates every field with its path', async () => {
      const error = failsWith(
        await call('create', {
          organizationId: org, itemName: ' ', mrp: 1.001, gstPercentage: 101, unitPrice: -1, quantity: -1, minStock: 1.5,
          expiryDate: '2026-02-30', supplierId: '', isActive: 'n/a',
        }),
        'VALIDATION_FAILED',
        400,
      );
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['expiryDate', 'gstPercentage', 'itemName', 'minStock', 'mrp', 'quantity', 'supplierId', 'unitPrice']);
      const range = failsWith(await call('create', { organizationId: org, itemName: 'X', minStock: 10, maxStock: 5 }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(range.details!.map((d) => d.path), ['maxStock']);
      failsWith(await call('create', { organizationId: org, itemName: 'X', quantity: 2 ** 31 }), 'VALIDATION_FAILED', 400);
    });

    test("a supplier of another organization, or none, is VALIDATION_FAILED on supplierId; a given supplierName is kept", async () => {
      for (const supplierId of [otherSupplier.id, 'missing']) {
        const error = failsWith(await call('create', { organizationId: org, itemName: 'X', supplierId }), 'VALIDATION_FAILED', 400);
        assert.deepEqual(error.details!.map((d) => d.path), ['supplierId']);
      }
      const named = await createItem(org, { supplierId: supplier.id, supplierName: 'Acme (Bengaluru)' });
      assert.equal(named.supplierName, 'Acme (Bengaluru)');
      const second = ok(await t().call('suppliers', 'create', { organizationId: org, name: 'Second Source' })).item;
      const moved = ok(await call('update', { id: named.id, organizationId: org, supplierId: second.id })).item;
      assert.deepEqual([moved.supplierId, moved.supplierName], [second.id, 'Second Source']);
      const cleared = ok(await call('update', { id: named.id, organizationId: org, supplierId: null })).item;
      assert.deepEqual([cleared.supplierId, cleared.supplierName], [null, null]);
      failsWith(await call('update', { id: named.id, organizationId: org, supplierId: otherSupplier.id }), 'VALIDATION_FAILED', 400);
      failsWith(await receive(org, named.id, 1, { supplierId: otherSupplier.id }), 'VALIDATION_FAILED', 400);
    });

    test('productId / variantId identify an item in its organization: unique there, ambiguous without the variant, unknown NOT_FOUND', async () => {
      const strip = await createItem(org, { productId: 'P-9', variantId: 'V-9-10' });
      const bottle = await createItem(org, { productId: 'P-9', variantId: 'V-9-100' });
      const single = await createItem(org, { productId: 'P-10' });
      failsWith(await call('create', { organizationId: org, itemName: 'Dup', variantId: 'V-9-10' }), 'CONFLICT', 409);
      failsWith(await call('create', { organizationId: org, itemName: 'Dup', productId: 'P-10' }), 'CONFLICT', 409);
      await createItem(other, { productId: 'P-10', variantId: 'V-9-10' });

      ok(await call('receiveStock', { organizationId: org, variantId: 'V-9-100', quantity: 3 }));
      ok(await call('receiveStock', { organizationId: org, productId: 'P-10', quantity: 4 }));
      ok(await call('receiveStock', { organizationId: org, productId: 'P-9', variantId: 'V-9-10', quantity: 5 }));
      assert.deepEqual(
        [await assertLedger(strip.id), await assertLedger(bottle.id), await assertLedger(single.id)],
        [5, 3, 4],
      );
      const ambiguous = failsWith(await call('issueStock', { organizationId: org, productId: 'P-9', quantity: 1, type: 'ISSUE' }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(ambiguous.details!.map((d) => d.path), ['variantId']);
      failsWith(await call('issueStock', { organizationId: org, productId: 'P-404', quantity: 1, type: 'ISSUE' }), 'NOT_FOUND', 404);
      failsWith(await call('issueStock', { organizationId: org, productId: 'P-10', variantId: 'V-9-10', quantity: 1, type: 'ISSUE' }), 'NOT_FOUND', 404, );
      failsWith(await call('adjustStock', { organizationId: org, inventoryItemId: single.id, module: 'lab', quantity: 1, reason: 'x' }), 'NOT_FOUND', 404);
      failsWith(await call('receiveStock', { organizationId: other, inventoryItemId: strip.id, quantity: 1 }), 'NOT_FOUND', 404);
      const none = failsWith(await call('receiveStock', { organizationId: org, quantity: 1 }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(none.details!.map((d) => d.path), ['inventoryItemId']);
    });

    test('update changes fields, null clears, itemName and quantity cannot be cleared; another organization is NOT_FOUND', async () => {
      const item = await createItem(org, { brandName: 'Calpol', mrp: 10, minStock: 2 });
      const updated = ok(await call('update', { id: item.id, organizationId: org, itemName: 'Paracetamol 650', brandName: null, mrp: 12.75, gstPercentage: 5 })).item;
      assert.deepEqual([updated.itemName, updated.brandName, updated.mrp, updated.gstPercentage, updated.minStock], ['Paracetamol 650', null, 12.75, 5, 2]);
      assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: org })).item, updated);
      failsWith(await call('update', { id: item.id, organizationId: org, itemName: null }), 'VALIDATION_FAILED', 400);
      failsWith(await call('update', { id: item.id, organizationId: org, quantity: null }), 'VALIDATION_FAILED', 400);
      failsWith(await call('update', { id: item.id, organizationId: org, maxStock: 1 }), 'VALIDATION_FAILED', 400);
      failsWith(await call('update', { id: item.id, organizationId: other, itemName: 'Stolen' }), 'NOT_FOUND', 404);
      failsWith(await call('getById', { id: item.id, organizationId: other }), 'NOT_FOUND', 404);
      assert.equal(ok(await call('getById', { id: item.id, organizationId: org })).item.itemName, 'Paracetamol 650');
    });

    test('update with a new quantity writes an ADJUSTMENT of the difference; the ledger still balances', async () => {
      const item = await createItem(org, { quantity: 10, batchNumber: 'U-1', expiryDate: '2027-01-01' });
      const up = ok(await call('update', { id: item.id, organizationId: org, quantity: 14 })).item;
      assert.equal(up.quantity, 14);
      const down = ok(await call('update', { id: item.id, organizationId: org, quantity: 4, itemName: 'Renamed' })).item;
      assert.deepEqual([down.quantity, down.itemName], [4, 'Renamed']);
      const same = ok(await call('update', { id: item.id, organizationId: org, quantity: 4 })).item;
      assert.equal(same.quantity, 4);
      const movements = ok(await call('listMovements', { organizationId: org, inventoryItemId: item.id })).items;
      assert.deepEqual(movements.map((m: { type: string; quantity: number; reason: string }) => [m.type, m.quantity]), [['ADJUSTMENT', -10], ['ADJUSTMENT', 4], ['OPENING', 10]]);
      assert.equal(movements[0].reason, 'set by inventoryItems.update');
      assert.equal(await assertLedger(item.id), 4);
    });

    test('update of batch details corrects the batch the item shows; renaming onto another batch is CONFLICT', async () => {
      const item = await createItem(org, { quantity: 6, batchNumber: 'TYPO-1', expiryDate: '2027-06-30' });
      const fixed = ok(await call('update', { id: item.id, organizationId: org, batchNumber: 'FIX-1', expiryDate: '2027-07-31' })).item;
      assert.deepEqual([fixed.batchId, fixed.batchNumber, fixed.expiryDate, fixed.quantity], [item.batchId, 'FIX-1', '2027-07-31', 6]);
      const batches = ok(await call('getById', { id: item.id, organizationId: org })).batches;
      assert.deepEqual(batches.map((b: { batchNumber: string; expiryDate: string; quantity: number }) => [b.batchNumber, b.expiryDate, b.quantity]), [['FIX-1', '2027-07-31', 6]]);
      ok(await receive(org, item.id, 2, { batchNumber: 'OTHER', expiryDate: '2028-01-01' }));
      failsWith(await call('update', { id: item.id, organizationId: org, batchNumber: 'OTHER' }), 'CONFLICT', 409);
      assert.equal(await assertLedger(item.id), 8);
      const movements = ok(await call('listMovements', { organizationId: org, inventoryItemId: item.id, type: 'OPENING' })).items;
      assert.equal(movements[0].batchNumber, 'TYPO-1', 'movements keep what was recorded');
    });

    test('delete refuses an item with stock, deletes it at zero and keeps its movements; another organization is NOT_FOUND', async () => {
      const item = await createItem(org, { quantity: 3 });
      failsWith(await call('delete', { id: item.id, organizationId: other }), 'NOT_FOUND', 404);
      const error = failsWith(await call('delete', { id: item.id, organizationId: org }), 'INVALID_STATE', 409);
      assert.match(error.message, /3 units on hand/);
      ok(await adjust(org, item.id, -3, { reason: 'written off' }));
      assert.deepEqual(ok(await call('delete', { id: item.id, organizationId: org })), { id: item.id, deleted: true });
      failsWith(await call('getById', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
      failsWith(await call('delete', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
      failsWith(await call('listMovements', { organizationId: org, inventoryItemId: item.id }), 'NOT_FOUND', 404);
      const kept = await t().database.db.selectFrom('inventoryMovements').select('quantity').where('inventoryItemId', '=', item.id).execute();
      assert.deepEqual(kept.map((m) => Number(m.quantity)).sort(), [-3, 3]);
      failsWith(await call('delete', { id: '', organizationId: org }), 'VALIDATION_FAILED', 400);
    });

    test('getById: locationId must match, batchId narrows to one batch, search to batch or lot numbers', async () => {
      const item = await createItem(org, { locationId: 'ward-store' });
      ok(await receive(org, item.id, 2, { batchNumber: 'AB-100', expiryDate: '2027-02-01' }));
      ok(await receive(org, item.id, 3, { batchNumber: 'CD-200', lotNumber: 'LOT-7', expiryDate: '2026-12-01' }));
      const all = ok(await call('getById', { id: item.id, organizationId: org, locationId: 'ward-store' }));
      assert.deepEqual(all.batches.map((b: { batchNumber: string }) => b.batchNumber), ['CD-200', 'AB-100'], 'first expiry first');
      failsWith(await call('getById', { id: item.id, organizationId: org, locationId: 'elsewhere' }), 'NOT_FOUND', 404);
      const one = ok(await call('getById', { id: item.id, organizationId: org, batchId: all.batches[1].id }));
      assert.deepEqual(one.batches.map((b: { batchNumber: string }) => b.batchNumber), ['AB-100']);
      failsWith(await call('getById', { id: item.id, organizationId: org, batchId: 'missing' }), 'NOT_FOUND', 404);
      assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: org, search: 'lot-7' })).batches.map((b: { batchNumber: string }) => b.batchNumber), ['CD-200']);
      failsWith(await call('getById', { id: item.id }), 'VALIDATION_FAILED', 400);
    });

    test('list filters by module and searches name, generic name, brand and batch; paged newest first', async () => {
      const own = orgId();
      const a = await createItem(own, { itemName: 'Amoxicillin 250', genericName: 'Amoxicillin', brandName: 'Mox', module: 'pharmacy' });
      const b = await createItem(own, { itemName: 'Crepe bandage', brandName: 'Hansa_Plast', module: 'hospital' });
      const c = await createItem(own, { itemName: 'Syringe 5 ml', module: 'hospital' });
      ok(await receive(own, c.id, 1, { batchNumber: 'SYR-2026-X' }));
      await createItem(other, { itemName: 'Amoxicillin 500', module: 'pharmacy' });
      const names = (data: { items: { id: string }[] }) => data.items.map((i) => i.id);

      const all = ok(await call('list', { organizationId: own }));
      assert.deepEqual([all.total, all.page, all.pageSize, all.totalPages], [3, 1, 20, 1]);
      assert.deepEqual(names(all), [c.id, b.id, a.id]);
      assert.deepEqual(Object.keys(all.items[0]).sort(), FIELDS);
      assert.deepEqual(names(ok(await call('list', { organizationId: own, module: 'hospital' }))), [c.id, b.id]);
      assert.deepEqual(names(ok(await call('list', { organizationId: own, search: 'AMOXI' }))), [a.id]);
      assert.deepEqual(names(ok(await call('list', { organizationId: own, search: 'mox' }))), [a.id]);
      assert.deepEqual(names(ok(await call('list', { organizationId: own, search: 'a_p' }))), [b.id], '_ is literal');
      assert.deepEqual(names(ok(await call('list', { organizationId: own, search: 'syr-2026' }))), [c.id]);
      assert.deepEqual(names(ok(await call('list', { organizationId: own, search: '2026-x', module: 'pharmacy' }))), []);
      const page2 = ok(await call('list', { organizationId: own, page: 2, pageSize: 2 }));
      assert.deepEqual([names(page2), page2.totalPages], [[a.id], 2]);
      const error = failsWith(await call('list', { organizationId: own, lowStock: 'yes', page: 0 }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['lowStock', 'page']);
    });

    test('list lowStock, expiringSoon (today .. today + 90 days) and expired filters', async () => {
      const own = orgId();
      const low = await createItem(own, { itemName: 'Low', quantity: 5, minStock: 5 });
      const fine = await createItem(own, { itemName: 'Fine', quantity: 6, minStock: 5 });
      const noMin = await createItem(own, { itemName: 'No minimum', quantity: 0 });
      const soon = await createItem(own, { itemName: 'Soon', quantity: 2, batchNumber: 'S', expiryDate: '2026-08-13' });
      const today = await createItem(own, { itemName: 'Today', quantity: 2, batchNumber: 'T', expiryDate: '2026-05-15' });
      const later = await createItem(own, { itemName: 'Later', quantity: 2, batchNumber: 'L', expiryDate: '2026-08-14' });
      const gone = await createItem(own, { itemName: 'Gone', quantity: 2, batchNumber: 'G', expiryDate: '2026-05-14' });
      const emptied = await createItem(own, { itemName: 'Emptied', quantity: 2, batchNumber: 'E', expiryDate: '2026-06-01' });
      ok(await issue(own, emptied.id, 2));
      const ids = async (data: Record<string, unknown>) => new Set(ok(await call('list', { organizationId: own, ...data })).items.map((i: { id: string }) => i.id));

      assert.deepEqual(await ids({ lowStock: true }), new Set([low.id]));
      assert.equal((await ids({ lowStock: false })).size, 7);
      assert.ok(!(await ids({ lowStock: false })).has(low.id) && (await ids({ lowStock: false })).has(fine.id) && (await ids({ lowStock: false })).has(noMin.id));
      assert.deepEqual(await ids({ expiringSoon: true }), new Set([soon.id, today.id]));
      assert.ok(!(await ids({ expiringSoon: false })).has(soon.id) && (await ids({ expiringSoon: false })).has(later.id));
      assert.deepEqual(await ids({ expired: true }), new Set([gone.id]));
      assert.equal((await ids({ lowStock: null, expiringSoon: null })).size, 8, 'null does not filter');
    });

    test('getStats: counts, units, exact stock value, low / out of stock and expiry figures, per module', async () => {
      const own = orgId();
      await createItem(own, { module: 'pharmacy', quantity: 3, unitPrice: 0.1, minStock: 5 });
      await createItem(own, { module: 'pharmacy', quantity: 7, unitPrice: 0.2, batchNumber: 'SOON', expiryDate: '2026-06-01' });
      await createItem(own, { module: 'pharmacy', quantity: 0, unitPrice: 99.99, minStock: 1 });
      await createItem(own, { module: 'hospital', quantity: 1, unitPrice: 1234567890.12, batchNumber: 'OLD', expiryDate: '2026-01-01' });
      await createItem(own, { module: 'hospital', quantity: 4 });
      await createItem(other, { module: 'pharmacy', quantity: 100, unitPrice: 5 });

      const stats = ok(await call('getStats', { organizationId: own }));
      assert.deepEqual(stats, {
        totalItems: 5, totalUnits: 15, stockValue: 1234567891.82, lowStockCount: 2, outOfStockCount: 1,
        expiringSoonCount: 1, expiringSoonUnits: 7, expiredCount: 1, expiredUnits: 1, expiryWarningDays: 90, asOf: '2026-05-15',
      });
      const pharmacy = ok(await call('getStats', { organizationId: own, module: 'pharmacy' }));
      assert.equal(pharmacy.stockValue, 1.7, '3 x 0.10 + 7 x 0.20 is 1.70 exactly, not 1.7000000000000002');
      assert.deepEqual([pharmacy.totalItems, pharmacy.expiredCount, pharmacy.lowStockCount], [3, 0, 2]);
      const empty = ok(await call('getStats', { organizationId: orgId() }));
      assert.deepEqual([empty.totalItems, empty.stockValue, empty.totalUnits], [0, 0, 0]);
      failsWith(await call('getStats', {}), 'VALIDATION_FAILED', 400);
      const outsider = await signIn(t(), { organizationId: other, roles: ['pharmacist'] });
      failsWith(await t().call('inventoryItems', 'getStats', { organizationId: own }, { token: outsider.token }), 'FORBIDDEN', 403);
    });

    test('searchCatalogue finds pharmacy items by name or generic name, type and strength, with non-expired stock and prices', async () => {
      const own = orgId();
      const tab = await createItem(own, {
        module: 'pharmacy', itemName: 'Dolo 650', genericName: 'Paracetamol', brandName: 'Dolo', medicineType: 'Tablet', strength: '650', strengthUnit: 'mg',
        mrp: 30.5, onlinePrice: 27.45, quantity: 10, batchNumber: 'D1', expiryDate: '2027-01-01',
      });
      ok(await receive(own, tab.id, 4, { batchNumber: 'D0', expiryDate: '2026-05-01' }));
      const syrup = await createItem(own, { module: 'pharmacy', itemName: 'Calpol syrup', genericName: 'Paracetamol', medicineType: 'Syrup', mrp: 45 });
      await createItem(own, { module: 'hospital', itemName: 'Paracetamol infusion', genericName: 'Paracetamol', quantity: 5 });
      await createItem(other, { module: 'pharmacy', itemName: 'Dolo 650', genericName: 'Paracetamol', quantity: 5 });
      const db = t().database.db;

      const byGeneric = await searchCatalogue(db, own, { genericName: 'paracetamol', today: '2026-05-15' });
      assert.deepEqual(byGeneric.items.map((e) => e.id), [syrup.id, tab.id], 'pharmacy module only, by name');
      const dolo = byGeneric.items.find((e) => e.id === tab.id)!;
      assert.deepEqual([dolo.availableStock, dolo.mrp, dolo.sellingPrice, dolo.strength, dolo.medicineType], [10, 30.5, 27.45, '650', 'Tablet']);
      assert.equal(byGeneric.items.find((e) => e.id === syrup.id)!.sellingPrice, 45, 'mrp when there is no selling price');
      const typed = await searchCatalogue(db, own, { keyword: 'PARA', medicineType: 'tablet', strength: '650', strengthUnit: 'MG', today: '2026-05-15' });
      assert.deepEqual(typed.items.map((e) => e.id), [tab.id]);
      const stocked = await searchCatalogue(db, own, { keyword: 'dolo', inStockOnly: true, today: '2026-05-15' });
      assert.deepEqual(stocked.items.map((e) => e.id), [tab.id]);
      assert.equal((await searchCatalogue(db, own, { keyword: 'calpol', inStockOnly: true, today: '2026-05-15' })).total, 0);
    });
  },
  { services: { now: () => NOW } },
);
