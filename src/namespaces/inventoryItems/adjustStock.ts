import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, reqStr } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { stockTransactionResult } from './inventoryItems.results.ts';
import { batchRefShape, itemRefShape, MAX_MOVE, notes, requireItemRef } from './inventoryItems.fields.ts';
import { adjust } from './inventoryItems.stock.ts';
import { stockTransaction } from './inventoryItems.transaction.ts';

const input = z
  .object({
    organizationId: id(),
    quantity: z.int().min(-MAX_MOVE).max(MAX_MOVE).refine((v) => v !== 0, 'must not be 0'),
    reason: reqStr().max(1000),
    module: z.string().trim().min(1).max(100).nullish(),
    ...itemRefShape,
    ...batchRefShape,
    notes: notes().nullish(),
  })
  .superRefine(requireItemRef);

/**
 * A signed correction of stock (a stock count, damage, found units) with its reason: one
 * ADJUSTMENT movement per batch touched. Positive: into the named batch, else the batch the item
 * shows (unless expired), else the unbatched stock. Negative: from the named batch, else first
 * expiry first out over every batch, expired stock included (it comes first). More than is on
 * hand is INVALID_STATE naming the quantity on hand. `module`, when given, must be the item's.
 */
export const adjustStock = defineOperation({
  namespace: 'inventoryItems',
  name: 'adjustStock', audience: member(),
  summary: 'Adjust the stock of an item by a signed quantity with a reason (ADJUSTMENT movements)',
  writes: true,
  input,
  output: stockTransactionResult,
  async handler(ctx, input) {
    return stockTransaction(ctx, input, (item, transactionId) =>
      adjust(ctx.db, ctx, item, input.quantity, input, { transactionId, transactionAt: ctx.now(), reason: input.reason, notes: input.notes, locationId: item.locationId }),
    );
  },
});
