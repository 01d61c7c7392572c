import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import type { BatchRow, MovementRow } from './inventoryItems.repo.ts';
import { allocateIssue, allocateRemoval, batchKeyOf, ledgerProblem, shownBatch, verifyLedger } from './inventoryItems.stock.ts';
import { inventoryCalls, NOW } from './inventoryItems.testkit.ts';

type Movement = { type: string; quantity: number; batchNumber: string | null; transactionId: string; balanceAfter: number };
const brief = (movements: Movement[]) => movements.map((m) => [m.type, m.quantity, m.batchNumber]);

describeEachDialect(
  'inventoryItems stock ledger',
  (t) => {
    const org = orgId();
    const other = orgId();
    const { call, createItem, receive, issue, adjust, assertLedger } = inventoryCalls(t);
    const batchesOf = async (id: string, organizationId = org) =>
      (ok(await call('getById', { id, organizationId })).batches as { batchNumber: string | null; quantity: number }[]).map((b) => [b.batchNumber, b.quantity]);

    /** An item with batches (received in this order): LATE exp 2026-09-30 x4, EARLY 2026-07-01 x3, NONE (no expiry) x5, OLD expired 2026-05-01 x6. */
    async function stocked(organizationId = org) {
      const item = await createItem(organizationId, { unitOfMeasure: 'strips' });
      ok(await receive(organizationId, item.id, 4, { batchNumber: 'LATE', expiryDate: '2026-09-30' }));
      ok(await receive(organizationId, item.id, 3, { batchNumber: 'EARLY', expiryDate: '2026-07-01' }));
      ok(await receive(organizationId, item.id, 5, { batchNumber: 'NONE' }));
      ok(await receive(organizationId, item.id, 6, { batchNumber: 'OLD', expiryDate: '2026-05-01' }));
      return item;
    }

    test('receiveStock adds to a new or the same batch, records prices, supplier and who; returns item, batch and movement', async () => {
      const supplier = ok(await t().call('suppliers', 'create', { organizationId: org, name: 'Acme' })).item;
      const clerk = await signIn(t(), { organizationId: org, roles: ['pharmacist'] });
      const item = await createItem(org, { unitPrice: 1.5, locationId: 'main' });
      const first = ok(
        await t().call(
          'inventoryItems',
          'receiveStock',
          {
            organizationId: org, inventoryItemId: item.id, quantityReceived: 10, purchasePrice: 1.23, unitPrice: 1.75, supplierId: supplier.id,
            batchNumber: 'R-1', lotNumber: 'LOT-A', expiryDate: '2027-04-30', receivedAt: NOW - 86_400_000, notes: 'PO 17', locationId: 'main',
          },
          { token: clerk.token },
        ),
      );
      assert.deepEqual(Object.keys(first).sort(), ['batch', 'item', 'movements']);
      assert.deepEqual([first.item.quantity, first.item.unitPrice, first.item.batchNumber, first.item.expiryDate], [10, 1.75, 'R-1', '2027-04-30']);
      assert.deepEqual([first.batch.batchNumber, first.batch.lotNumber, first.batch.quantity, first.batch.purchasePrice, first.batch.supplierId], ['R-1', 'LOT-A', 10, 1.23, supplier.id]);
      const [m] = first.movements;
      assert.deepEqual(
        [m.type, m.quantity, m.balanceAfter, m.unitPrice, m.purchasePrice, m.supplierId, m.notes, m.performedBy, m.transactionAt, m.createdAt, m.locationId],
        ['RECEIPT', 10, 10, 1.75, 1.23, supplier.id, 'PO 17', clerk.idpUserId, NOW - 86_400_000, NOW, 'main'],
      );
      const again = ok(await receive(org, item.id, 5, { batchNumber: 'R-1' }));
      assert.deepEqual([again.batch.id, again.batch.quantity, again.batch.expiryDate, again.item.quantity], [first.batch.id, 15, '2027-04-30', 15]);
      const unbatched = ok(await receive(org, item.id, 2));
      assert.notEqual(unbatched.batch.id, first.batch.id);
      assert.equal(unbatched.movements[0].performedBy, null, 'no token, no one');
      assert.deepEqual(await batchesOf(item.id), [['R-1', 15], [null, 2]]);
      assert.equal(await assertLedger(item.id), 17);
    });

    test('receiveStock validates quantity, prices, batch agreement and location; another organization is NOT_FOUND', async () => {
      const item = await createItem(org, { locationId: 'main' });
      ok(await receive(org, item.id, 1, { batchNumber: 'V-1', lotNumber: 'L', expiryDate: '2027-01-01' }));
      const cases: [Record<string, unknown>, string[]][] = [
        [{ quantity: 0 }, ['quantity']],
        [{ quantity: null }, ['quantity']],
        [{ quantity: 2, quantityReceived: 3 }, ['quantityReceived']],
        [{ quantity: 1.5, purchasePrice: 1.234, unitPrice: -2, expiryDate: '2027-13-01', receivedAt: -1 }, ['expiryDate', 'purchasePrice', 'quantity', 'receivedAt', 'unitPrice']],
        [{ quantity: 1, batchNumber: 'V-1', expiryDate: '2027-02-01' }, ['expiryDate']],
        [{ quantity: 1, batchNumber: 'V-1', lotNumber: 'M' }, ['lotNumber']],
        [{ quantity: 1, locationId: 'annex' }, ['locationId']],
      ];
      for (const [data, paths] of cases) {
        const error = failsWith(await call('receiveStock', { organizationId: org, inventoryItemId: item.id, ...data }), 'VALIDATION_FAILED', 400);
        assert.deepEqual(error.details!.map((d) => d.path).sort(), paths, JSON.stringify(data));
      }
      failsWith(await receive(other, item.id, 1), 'NOT_FOUND', 404);
      failsWith(await receive(org, 'missing', 1), 'NOT_FOUND', 404);
      assert.equal(await assertLedger(item.id), 1);
    });

    test('issueStock takes first expiry first out, spans batches (one movement each, one transaction) and never touches expired stock', async () => {
      const item = await stocked();
      const out = ok(await issue(org, item.id, 8, { issuedToId: 'nurse-1', issuedToName: 'Asha', issuedToType: 'STAFF', departmentId: 'ward-3', transactionAt: NOW - 1000 }));
      assert.deepEqual(brief(out.movements), [['ISSUE', -3, 'EARLY'], ['ISSUE', -4, 'LATE'], ['ISSUE', -1, 'NONE']]);
      assert.deepEqual(out.movements.map((m: Movement) => m.balanceAfter), [15, 11, 10]);
      assert.ok(out.movements.every((m: Movement & { issuedToName: string; transactionAt: number }) => m.transactionId === out.transactionId && m.issuedToName === 'Asha' && m.transactionAt === NOW - 1000));
      assert.deepEqual([out.item.quantity, out.item.batchNumber], [10, 'NONE'], 'the item shows the next batch to issue');
      assert.deepEqual(await batchesOf(item.id), [['OLD', 6], ['NONE', 4]]);

      const error = failsWith(await issue(org, item.id, 5), 'INVALID_STATE', 409);
      assert.match(error.message, /4 available to issue \(6 more expired\), 5 requested/);
      assert.equal(await assertLedger(item.id), 10, 'a refused issue changes nothing');
      ok(await issue(org, item.id, 4));
      failsWith(await issue(org, item.id, 1), 'INVALID_STATE', 409);
      assert.deepEqual(await batchesOf(item.id), [['OLD', 6]]);
      assert.equal((await assertLedger(item.id)), 6);
    });

    test('issueStock from a named batch (batchNumber or batchId); an expired or short batch is INVALID_STATE; a batch expiring today is issued', async () => {
      const item = await stocked();
      const late = ok(await issue(org, item.id, 2, { batchNumber: 'LATE' }));
      assert.deepEqual(brief(late.movements), [['ISSUE', -2, 'LATE']]);
      const batchId = late.movements[0].batchId;
      assert.deepEqual(brief(ok(await issue(org, item.id, 1, { batchId })).movements), [['ISSUE', -1, 'LATE']]);
      assert.match(failsWith(await issue(org, item.id, 2, { batchId }), 'INVALID_STATE', 409).message, /1 available in batch LATE, 2 requested/);
      assert.match(failsWith(await issue(org, item.id, 1, { batchNumber: 'OLD' }), 'INVALID_STATE', 409).message, /expired on 2026-05-01/);
      failsWith(await issue(org, item.id, 1, { batchNumber: 'NOPE' }), 'NOT_FOUND', 404);
      const foreign = ok(await receive(org, (await createItem(org)).id, 1, { batchNumber: 'X' })).batch.id;
      failsWith(await issue(org, item.id, 1, { batchId: foreign }), 'NOT_FOUND', 404);

      const today = await createItem(org, { quantity: 2, batchNumber: 'TODAY', expiryDate: '2026-05-15' });
      assert.deepEqual(brief(ok(await issue(org, today.id, 2)).movements), [['ISSUE', -2, 'TODAY']]);
      assert.equal(await assertLedger(item.id), 15);
    });

    test('issueStock validates type, quantity and issuedToType; another organization is NOT_FOUND', async () => {
      const item = await createItem(org, { quantity: 3 });
      const error = failsWith(
        await call('issueStock', { organizationId: org, inventoryItemId: item.id, type: 'RETURN', quantity: 0, issuedToType: 'PATIENT', transactionAt: 'now' }),
        'VALIDATION_FAILED',
        400,
      );
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['issuedToType', 'quantity', 'transactionAt', 'type']);
      failsWith(await call('issueStock', { organizationId: org, inventoryItemId: item.id, quantity: 1 }), 'VALIDATION_FAILED', 400);
      failsWith(await issue(org, item.id, -1), 'VALIDATION_FAILED', 400);
      failsWith(await issue(other, item.id, 1), 'NOT_FOUND', 404);
      assert.equal(await assertLedger(item.id), 3);
    });

    test('adjustStock: in to the shown batch, out first expiry first with expired stock first; beyond what is on hand is INVALID_STATE', async () => {
      const item = await stocked();
      const found = ok(await adjust(org, item.id, 2, { reason: 'found in drawer', notes: 'count 14 May' }));
      assert.deepEqual(brief(found.movements), [['ADJUSTMENT', 2, 'EARLY']]);
      assert.deepEqual([found.movements[0].reason, found.movements[0].notes, found.item.quantity], ['found in drawer', 'count 14 May', 20]);
      const writeOff = ok(await adjust(org, item.id, -8, { reason: 'expired and damaged' }));
      assert.deepEqual(brief(writeOff.movements), [['ADJUSTMENT', -6, 'OLD'], ['ADJUSTMENT', -2, 'EARLY']]);
      assert.deepEqual(brief(ok(await adjust(org, item.id, 1, { batchNumber: 'LATE', reason: 'recount' })).movements), [['ADJUSTMENT', 1, 'LATE']]);
      const error = failsWith(await adjust(org, item.id, -14), 'INVALID_STATE', 409);
      assert.match(error.message, /13 available on hand, 14 requested/);
      assert.match(failsWith(await adjust(org, item.id, -6, { batchNumber: 'NONE' }), 'INVALID_STATE', 409).message, /5 available in batch NONE/);
      ok(await adjust(org, item.id, -13));
      assert.equal(await assertLedger(item.id), 0);
      const fresh = await createItem(org);
      assert.deepEqual(brief(ok(await adjust(org, fresh.id, 3)).movements), [['ADJUSTMENT', 3, null]], 'an item without batches gets unbatched stock');
    });

    test('adjustStock validates quantity and reason; another organization is NOT_FOUND', async () => {
      const item = await createItem(org, { quantity: 1 });
      const error = failsWith(await call('adjustStock', { organizationId: org, inventoryItemId: item.id, quantity: 0, reason: ' ' }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['quantity', 'reason']);
      failsWith(await call('adjustStock', { organizationId: org, inventoryItemId: item.id, quantity: 2.5, reason: 'x' }), 'VALIDATION_FAILED', 400);
      failsWith(await adjust(other, item.id, 1), 'NOT_FOUND', 404);
      assert.equal(await assertLedger(item.id), 1);
    });

    test('two concurrent issues of the last 5 units: exactly one wins, the other is INVALID_STATE; the ledger balances at 0', async () => {
      const item = await createItem(org, { quantity: 5, batchNumber: 'LAST', expiryDate: '2027-01-01' });
      const responses = await Promise.all([issue(org, item.id, 5), issue(org, item.id, 5)]);
      assert.deepEqual(responses.map((r) => r.statusCode).sort(), [200, 409]);
      const refused = responses.find((r) => r.statusCode === 409)!;
      assert.equal(refused.body.error.code, 'INVALID_STATE');
      assert.match(refused.body.error.message, /0 available/);
      assert.equal(await assertLedger(item.id), 0);
      assert.equal(ok(await call('listMovements', { organizationId: org, inventoryItemId: item.id, type: 'ISSUE' })).total, 1);
    });

    test('20 concurrent issues of 1 and adjustments against 7 units across two batches: 7 issues win, nothing goes below zero', async () => {
      const item = await createItem(org, { quantity: 4, batchNumber: 'A', expiryDate: '2026-12-01' });
      ok(await receive(org, item.id, 3, { batchNumber: 'B', expiryDate: '2027-12-01' }));
      const responses = await Promise.all(Array.from({ length: 20 }, () => issue(org, item.id, 1)));
      assert.equal(responses.filter((r) => r.statusCode === 200).length, 7);
      assert.ok(responses.every((r) => r.statusCode === 200 || r.body.error.code === 'INVALID_STATE'));
      const mixed = await Promise.all([receive(org, item.id, 5), issue(org, item.id, 3), adjust(org, item.id, -1), issue(org, item.id, 2)]);
      assert.equal(mixed[0].statusCode, 200);
      const quantity = await assertLedger(item.id);
      const issued = mixed.slice(1).reduce((sum, r, i) => sum + (r.statusCode === 200 ? [3, 1, 2][i]! : 0), 0);
      assert.equal(quantity, 5 - issued);
    });

    test('each stock operation checks its own ledger change: stock changed behind the ledger fails the next one (INTERNAL, nothing stored); verifyLedger sums it all', async () => {
      const item = await createItem(org, { quantity: 10, batchNumber: 'V1' });
      ok(await issue(org, item.id, 3));
      const db = t().database.db;
      assert.equal(await verifyLedger(db, item.id), 7);
      await db.updateTable('inventoryBatches').set((eb) => ({ quantity: eb('quantity', '+', 1) })).where('inventoryItemId', '=', item.id).execute();
      failsWith(await issue(org, item.id, 1), 'INTERNAL', 500);
      assert.equal(ok(await call('getById', { id: item.id, organizationId: org })).item.quantity, 7, 'the failed issue stored nothing');
      assert.equal(ok(await call('listMovements', { organizationId: org, inventoryItemId: item.id })).total, 2);
      await assert.rejects(verifyLedger(db, item.id), /item 7, batches 8, movements 7/);
      await db.updateTable('inventoryBatches').set((eb) => ({ quantity: eb('quantity', '-', 1) })).where('inventoryItemId', '=', item.id).execute();
      ok(await issue(org, item.id, 1));
      const last = await db.selectFrom('inventoryMovements').selectAll().where('inventoryItemId', '=', item.id).orderBy('createdAt', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
      await db.insertInto('inventoryMovements').values({ ...last, id: newId(), quantity: 5, balanceAfter: 11 }).execute();
      await assert.rejects(verifyLedger(db, item.id), /item 6, batches 6, movements 11/, 'a movement written behind the ledger is found by the full sum');
    });

    test('movements are append-only in the database: UPDATE and DELETE are refused', async () => {
      const item = await createItem(org, { quantity: 2 });
      const db = t().database.db;
      const [movement] = await db.selectFrom('inventoryMovements').select('id').where('inventoryItemId', '=', item.id).execute();
      await assert.rejects(db.updateTable('inventoryMovements').set({ quantity: 200 }).where('id', '=', movement!.id).execute(), /append-only/);
      await assert.rejects(db.deleteFrom('inventoryMovements').where('id', '=', movement!.id).execute(), /append-only/);
      assert.equal(await assertLedger(item.id), 2);
    });

    test('listMovements pages newest first and filters by type and batch; validation and another organization', async () => {
      const item = await stocked();
      ok(await issue(org, item.id, 4));
      const all = ok(await call('listMovements', { organizationId: org, inventoryItemId: item.id }));
      assert.equal(all.total, 6);
      assert.deepEqual(brief(all.items), [['ISSUE', -1, 'LATE'], ['ISSUE', -3, 'EARLY'], ['RECEIPT', 6, 'OLD'], ['RECEIPT', 5, 'NONE'], ['RECEIPT', 3, 'EARLY'], ['RECEIPT', 4, 'LATE']]);
      const page = ok(await call('listMovements', { organizationId: org, inventoryItemId: item.id, page: 2, pageSize: 4 }));
      assert.deepEqual([page.items.length, page.totalPages, page.items[0].batchNumber], [2, 2, 'EARLY']);
      assert.equal(ok(await call('listMovements', { organizationId: org, inventoryItemId: item.id, type: 'RECEIPT' })).total, 4);
      const early = all.items[1].batchId;
      assert.deepEqual(brief(ok(await call('listMovements', { organizationId: org, inventoryItemId: item.id, batchId: early })).items), [['ISSUE', -3, 'EARLY'], ['RECEIPT', 3, 'EARLY']]);
      const error = failsWith(await call('listMovements', { organizationId: org, inventoryItemId: item.id, type: 'THEFT', pageSize: 0 }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['pageSize', 'type']);
      const unnamed = failsWith(await call('listMovements', { organizationId: org }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(unnamed.details!.map((d) => d.path), ['inventoryItemId']);
      failsWith(await call('listMovements', { organizationId: other, inventoryItemId: item.id }), 'NOT_FOUND', 404);
    });

    test('listMovements: a batch the item does not have (unknown, another item\'s) is NOT_FOUND, not an empty page', async () => {
      const item = await stocked();
      const another = await stocked();
      const batchOf = async (itemId: string) => ok(await call('listMovements', { organizationId: org, inventoryItemId: itemId })).items[0].batchId as string;
      const own = await batchOf(item.id);
      assert.ok(ok(await call('listMovements', { organizationId: org, inventoryItemId: item.id, batchId: own })).total > 0);
      for (const batchId of ['no-such-batch', await batchOf(another.id)]) {
        const error = failsWith(await call('listMovements', { organizationId: org, inventoryItemId: item.id, batchId }), 'NOT_FOUND', 404);
        assert.equal(error.message, 'batch not found');
      }
    });
  },
  { services: { now: () => NOW } },
);

// Pure allocation rules, on hand-made batches.
const batch = (id: string, quantity: number, expiryDate: string | null, createdAt = 1): BatchRow => ({
  id, organizationId: 'o', inventoryItemId: 'i', batchKey: batchKeyOf({ batchNumber: id }), batchNumber: id, lotNumber: null, expiryDate, quantity,
  purchasePrice: null, supplierId: null, receivedAt: null, expiryAlertedFor: null, createdAt, updatedAt: createdAt,
});

test('allocateIssue: earliest expiry first, no expiry last, older batch first on equal expiry, expired never', () => {
  const batches = [batch('n', 5, null), batch('b2', 1, '2026-07-01', 2), batch('a', 2, '2026-06-01'), batch('b1', 1, '2026-07-01', 1), batch('x', 9, '2026-05-14')];
  const takes = allocateIssue(batches, 6, '2026-05-15');
  assert.deepEqual(takes.map((t) => [t.batch.id, t.quantity]), [['a', 2], ['b1', 1], ['b2', 1], ['n', 2]]);
  assert.throws(() => allocateIssue(batches, 10, '2026-05-15'), /9 available to issue \(9 more expired\), 10 requested/);
  assert.deepEqual(allocateRemoval(batches, 10).map((t) => [t.batch.id, t.quantity]), [['x', 9], ['a', 1]]);
});

test('ledgerProblem: balances chain from the quantity before, end at the item, and the batches add up to it', () => {
  const movement = (id: string, quantity: number, balanceAfter: number) => ({ id, inventoryItemId: 'i', quantity, balanceAfter }) as MovementRow;
  const item = { id: 'i', quantity: 6 };
  const batches = [{ quantity: 4 }, { quantity: 2 }];
  assert.equal(ledgerProblem(item, batches, { before: 10, movements: [movement('m1', -3, 7), movement('m2', -1, 6)] }), null);
  assert.equal(ledgerProblem({ id: 'i', quantity: 0 }, [], { before: 0, movements: [] }), null);
  assert.match(ledgerProblem(item, batches, { before: 10, movements: [movement('m1', -3, 7), movement('m2', -1, 5)] })!, /m2 records balance 5, the ledger gives 6/);
  assert.match(ledgerProblem(item, batches, { before: 9, movements: [movement('m1', -3, 7)] })!, /m1 records balance 7, the ledger gives 6/);
  assert.match(ledgerProblem(item, batches, { before: 10, movements: [movement('m1', -3, 7)] })!, /item 6, ledger 7 \(10 before this operation\)/);
  assert.match(ledgerProblem(item, [{ quantity: 4 }], { before: 6, movements: [] })!, /item 6, batches 4/);
  assert.match(ledgerProblem(item, batches, { before: 7, movements: [{ ...movement('m1', -1, 6), inventoryItemId: 'other' }] })!, /not of item i/);
});

test('shownBatch: the next to issue, else expired stock, else the newest empty batch', () => {
  assert.equal(shownBatch([batch('x', 9, '2026-05-14'), batch('a', 2, '2026-06-01')], '2026-05-15')!.id, 'a');
  assert.equal(shownBatch([batch('x', 9, '2026-05-14'), batch('a', 0, '2026-06-01')], '2026-05-15')!.id, 'x');
  assert.equal(shownBatch([batch('old', 0, null, 1), batch('new', 0, '2026-06-01', 2)], '2026-05-15')!.id, 'new');
  assert.equal(shownBatch([], '2026-05-15'), undefined);
});
