import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, str, ts } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { stockTransactionResult } from './inventoryItems.results.ts';
import { batchRefShape, itemRefShape, notes, requireItemRef, units } from './inventoryItems.fields.ts';
import { batchesOf } from './inventoryItems.repo.ts';
import { allocateIssue, expiryWindow, namedBatch, takeOut } from './inventoryItems.stock.ts';
import { stockTransaction } from './inventoryItems.transaction.ts';

const input = z
  .object({
    organizationId: id(),
    type: z.literal('ISSUE', { error: 'must be ISSUE' }),
    quantity: units(),
    ...itemRefShape,
    ...batchRefShape,
    issuedToId: id().nullish(),
    issuedToName: str().max(200).nullish(),
    issuedToType: z.literal('STAFF', { error: 'must be STAFF' }).nullish(),
    departmentId: id().nullish(),
    originalTransactionId: id().nullish(),
    wastageReason: str().max(1000).nullish(),
    notes: notes().nullish(),
    transactionAt: ts().nullish(),
  })
  .superRefine(requireItemRef);

/**
 * Issues units of an item: from the named batch (batchId / batchNumber, an extension) or first
 * expiry first out over the batches that are not expired (expired relative to today in the
 * service zone; a batch expiring today can still be issued). One ISSUE movement per batch
 * touched, all with the same transactionId. More than is available (not expired) is
 * INVALID_STATE naming the available quantity. `wastageReason` is kept as the movement's reason.
 */
export const issueStock = defineOperation({
  namespace: 'inventoryItems',
  name: 'issueStock', audience: member(),
  summary: 'Issue stock of an item, first expiry first out (ISSUE movements in the ledger)',
  writes: true,
  input,
  output: stockTransactionResult,
  async handler(ctx, input) {
    return stockTransaction(ctx, input, async (item, transactionId) => {
      const batches = await batchesOf(ctx.db, item.id);
      const takes = allocateIssue(batches, input.quantity, expiryWindow(ctx).today, namedBatch(batches, input));
      return takeOut(ctx.db, ctx, item, takes, 'ISSUE', {
        transactionId,
        transactionAt: input.transactionAt ?? ctx.now(),
        issuedToId: input.issuedToId,
        issuedToName: input.issuedToName,
        issuedToType: input.issuedToType,
        departmentId: input.departmentId,
        originalTransactionId: input.originalTransactionId,
        reason: input.wastageReason,
        notes: input.notes,
        locationId: item.locationId,
      });
    });
  },
});
