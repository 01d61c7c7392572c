import assert from 'node:assert/strict';
import type { TestApp } from '../../../test/harness.ts';
import { ok } from '../../../test/harness.ts';
import { verifyLedger } from './inventoryItems.stock.ts';

/** Shared helpers of the inventory tests. */

/** 2026-05-15 10:00 UTC: "today" is 2026-05-15 in the default zone; the warning window ends 2026-08-13. */
export const NOW = Date.UTC(2026, 4, 15, 10, 0);

export function inventoryCalls(t: () => TestApp) {
  const call = (op: string, data: Record<string, unknown>) => t().call('inventoryItems', op, data);
  return {
    call,
    createItem: async (organizationId: string, data: Record<string, unknown> = {}): Promise<Record<string, unknown> & { id: string }> => {
      const created = ok(await call('create', { organizationId, itemName: 'Paracetamol 500', ...data })) as { item: Record<string, unknown> & { id: string } };
      return created.item;
    },
    receive: (organizationId: string, inventoryItemId: string, quantity: number, data: Record<string, unknown> = {}) =>
      call('receiveStock', { organizationId, inventoryItemId, quantity, ...data }),
    issue: (organizationId: string, inventoryItemId: string, quantity: number, data: Record<string, unknown> = {}) =>
      call('issueStock', { organizationId, inventoryItemId, quantity, type: 'ISSUE', ...data }),
    adjust: (organizationId: string, inventoryItemId: string, quantity: number, data: Record<string, unknown> = {}) =>
      call('adjustStock', { organizationId, inventoryItemId, quantity, reason: 'stock count', ...data }),
    /** Asserts the ledger invariant straight from the tables: item = Σ batches = Σ movements; returns the quantity. */
    assertLedger: async (itemId: string): Promise<number> => {
      const db = t().database.db;
      const item = await db.selectFrom('inventoryItems').select('quantity').where('id', '=', itemId).executeTakeFirstOrThrow();
      const batches = await db.selectFrom('inventoryBatches').select(['quantity']).where('inventoryItemId', '=', itemId).execute();
      const movements = await db.selectFrom('inventoryMovements').select(['quantity']).where('inventoryItemId', '=', itemId).execute();
      const sum = (rows: { quantity: number }[]) => rows.reduce((s, r) => s + Number(r.quantity), 0);
      assert.ok(batches.every((b) => b.quantity >= 0), 'no batch below zero');
      assert.equal(sum(batches), item.quantity, 'item quantity = sum of batches');
      assert.equal(sum(movements), item.quantity, 'item quantity = sum of movements');
      assert.equal(await verifyLedger(db, itemId), item.quantity, 'verifyLedger agrees');
      return item.quantity;
    },
  };
}
