import { AppError, validationFailed } from '../../values/errors.ts';
import { newId } from '../../values/ids.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { itemRecord } from './inventoryItems.results.ts';
import { inventoryItems, toItem, type ItemRow } from './inventoryItems.resource.ts';
import { batchesOf, lockItem, patchBatch, patchItem, type MovementRow } from './inventoryItems.repo.ts';
import { adjust, batchFor, batchKeyOf, batchLabel, settle, type BatchDetails } from './inventoryItems.stock.ts';

/**
 * Corrects the details of the batch the item shows (batchId): a mistyped batch number or expiry.
 * An item without batches gets an empty batch with these details. Renaming onto another batch of
 * the item is CONFLICT.
 */
async function correctShownBatch(ctx: Context, item: ItemRow, given: BatchDetails): Promise<void> {
  const batches = await batchesOf(ctx.db, item.id);
  const shown = batches.find((b) => b.id === item.batchId);
  const pick = (key: keyof BatchDetails) => (given[key] !== undefined ? given[key] : (shown?.[key] ?? item[key]));
  const next = { batchNumber: pick('batchNumber') ?? null, lotNumber: pick('lotNumber') ?? null, expiryDate: pick('expiryDate') ?? null };
  if (!shown) {
    await batchFor(ctx.db, ctx, item, next);
    return;
  }
  if (next.batchNumber === shown.batchNumber && next.lotNumber === shown.lotNumber && next.expiryDate === shown.expiryDate) return;
  const batchKey = batchKeyOf(next);
  if (batches.some((b) => b.id !== shown.id && b.batchKey === batchKey)) {
    throw new AppError('CONFLICT', `the item already has ${batchLabel(next)}: adjust stock between batches instead`);
  }
  await patchBatch(ctx.db, shown.id, { ...next, batchKey, updatedAt: ctx.now() });
}

/**
 * Changes an item. Omitted fields are unchanged, null clears (itemName and quantity cannot be
 * cleared). Stock never changes behind the ledger's back: a `quantity` different from the
 * current one is written as an ADJUSTMENT movement of the difference (reason
 * `set by inventoryItems.update`), and batchNumber / lotNumber / expiryDate correct the batch the
 * item shows. The supplier rules are create's.
 */
export const update = defineOperation({
  ...inventoryItems.declared.update,
  summary: 'Change an inventory item (a quantity change becomes an ADJUSTMENT movement)',
  output: itemResult(itemRecord),
  async handler(ctx, input) {
    if (input.quantity === null) throw validationFailed('quantity', 'cannot be cleared; change stock with receiveStock, issueStock or adjustStock');
    let item = await lockItem(ctx.db, ctx.dialect, input.organizationId!, { inventoryItemId: input.id });
    const before = item.quantity;
    let movements: MovementRow[] = [];
    const { quantity, batchNumber, lotNumber, expiryDate, ...fields } = input;
    const { changes } = await inventoryItems.repo.merge(ctx, toItem(item), fields);
    item = await patchItem(ctx.db, item.id, inventoryItems.repo.toUpdate(changes));
    if (batchNumber !== undefined || lotNumber !== undefined || expiryDate !== undefined) {
      await correctShownBatch(ctx, item, { batchNumber, lotNumber, expiryDate });
    }
    if (typeof quantity === 'number' && quantity !== item.quantity) {
      const out = await adjust(ctx.db, ctx, item, quantity - item.quantity, {}, {
        transactionId: newId(),
        transactionAt: ctx.now(),
        reason: 'set by inventoryItems.update',
        locationId: item.locationId,
      });
      item = out.item;
      movements = out.movements;
    }
    return { item: toItem(await settle(ctx.db, ctx, item, { before, movements })) };
  },
});
