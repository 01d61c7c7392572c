import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { validationFailed } from '../../values/errors.ts';
import { date, id, ts } from '../../values/fields.ts';
import { newId } from '../../values/ids.ts';
import { money } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { batchRecord, itemRecord, movementRecord } from './inventoryItems.results.ts';
import { findSupplier } from '../suppliers/suppliers.public.ts';
import { itemRefShape, notes, requireItemRef, units } from './inventoryItems.fields.ts';
import { batchNumber, lotNumber, toItem } from './inventoryItems.resource.ts';
import { lockItem, patchBatch, patchItem, toBatch, toMovement } from './inventoryItems.repo.ts';
import { batchFor, expiryWindow, move, settle } from './inventoryItems.stock.ts';

const input = z
  .object({
    organizationId: id(),
    ...itemRefShape,
    supplierId: id().nullish(),
    quantity: units().nullish(),
    quantityReceived: units().nullish(),
    purchasePrice: money().nullish(),
    unitPrice: money().nullish(),
    batchNumber: batchNumber().nullish(),
    lotNumber: lotNumber().nullish(),
    expiryDate: date().nullish(),
    notes: notes().nullish(),
    receivedAt: ts().nullish(),
    locationId: id().nullish(),
  })
  .superRefine((v, ctx) => {
    requireItemRef(v, ctx);
    if (v.quantity == null && v.quantityReceived == null) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'give quantity or quantityReceived' });
    } else if (v.quantity != null && v.quantityReceived != null && v.quantity !== v.quantityReceived) {
      ctx.addIssue({ code: 'custom', path: ['quantityReceived'], message: 'must equal quantity when both are given' });
    }
  });

/**
 * Receives units into a batch of the item (the batch with the same batch number, or lot and
 * expiry; a new one otherwise) and writes a RECEIPT movement. `purchasePrice` is the cost of the
 * received units (kept on the movement and the batch); `unitPrice`, when given, becomes the
 * item's unit price (its stock valuation) and is the movement's unit price. The supplier must be
 * the organization's own; a locationId must be the item's location when the item has one.
 */
export const receiveStock = defineOperation({
  namespace: 'inventoryItems',
  name: 'receiveStock', audience: member(),
  summary: 'Receive stock into a batch of an item (a RECEIPT movement in the ledger)',
  writes: true,
  input,
  output: z.object({ item: itemRecord, batch: batchRecord, movements: z.array(movementRecord) }),
  async handler(ctx, input) {
    let item = await lockItem(ctx.db, ctx.dialect, input.organizationId, input);
    const before = item.quantity;
    if (input.supplierId && !(await findSupplier(ctx.db, input.organizationId, input.supplierId))) {
      throw validationFailed('supplierId', 'no such supplier in this organization');
    }
    if (input.locationId && item.locationId && input.locationId !== item.locationId) {
      throw validationFailed('locationId', `the item is kept at location ${item.locationId}`);
    }
    const quantity = (input.quantity ?? input.quantityReceived)!;
    const receivedAt = input.receivedAt ?? ctx.now();
    const batch = await batchFor(ctx.db, ctx, item, input);
    if (input.unitPrice != null && input.unitPrice !== item.unitPrice) item = await patchItem(ctx.db, item.id, { unitPrice: input.unitPrice });
    const moved = await move(ctx.db, ctx, item, batch, quantity, 'RECEIPT', {
      transactionId: newId(),
      transactionAt: receivedAt,
      unitPrice: input.unitPrice,
      purchasePrice: input.purchasePrice,
      supplierId: input.supplierId,
      notes: input.notes,
      locationId: input.locationId ?? item.locationId,
    });
    const received = await patchBatch(ctx.db, batch.id, {
      purchasePrice: input.purchasePrice ?? moved.batch.purchasePrice,
      supplierId: input.supplierId ?? moved.batch.supplierId,
      receivedAt,
    });
    const settled = await settle(ctx.db, ctx, moved.item, { before, movements: [moved.movement] });
    return { item: toItem(settled), batch: toBatch(received, expiryWindow(ctx).today), movements: [toMovement(moved.movement)] };
  },
});
