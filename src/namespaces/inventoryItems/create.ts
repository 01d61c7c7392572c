import { newId } from '../../values/ids.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { itemRecord } from './inventoryItems.results.ts';
import { inventoryItems, toItem } from './inventoryItems.resource.ts';
import { insertItem, type MovementRow } from './inventoryItems.repo.ts';
import { batchFor, move, settle, type BatchDetails } from './inventoryItems.stock.ts';

/**
 * Creates an item. Its `quantity` (default 0) is opening stock: it goes through the ledger as an
 * OPENING movement into the batch the batch fields describe (unbatched without them), so the item
 * starts with quantity = Σ batches = Σ movements. Batch fields without a quantity create that
 * batch empty. The supplier must be the organization's own (supplierName taken from it when
 * omitted); productId / variantId are unique in the organization (CONFLICT).
 */
export const create = defineOperation({
  ...inventoryItems.declared.create,
  summary: 'Create an inventory item, its opening stock entered in the ledger',
  output: itemResult(itemRecord),
  async handler(ctx, input) {
    const record = await inventoryItems.repo.build(ctx, input);
    const opening = record.quantity;
    const details: BatchDetails = {
      batchNumber: record.batchNumber,
      lotNumber: record.lotNumber,
      expiryDate: record.expiryDate,
    };
    const row = {
      ...inventoryItems.repo.toInsert({ ...record, quantity: 0, batchNumber: null, lotNumber: null, expiryDate: null }),
      batchId: null,
      lowStockEpisode: 0,
      lowStockOpen: false,
    };
    let item = await insertItem(ctx.db, row);
    const movements: MovementRow[] = [];
    if (opening > 0 || details.batchNumber || details.lotNumber || details.expiryDate) {
      const batch = await batchFor(ctx.db, ctx, item, details);
      if (opening > 0) {
        const now = ctx.now();
        const moved = await move(ctx.db, ctx, item, batch, opening, 'OPENING', {
          transactionId: newId(),
          transactionAt: now,
          reason: 'opening stock',
          supplierId: item.supplierId,
          locationId: item.locationId,
        });
        item = moved.item;
        movements.push(moved.movement);
      }
    }
    return { item: toItem(await settle(ctx.db, ctx, item, { before: 0, movements })) };
  },
});
