import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, paging } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { movementRecord } from './inventoryItems.results.ts';
import { itemRefShape, requireItemRef } from './inventoryItems.fields.ts';
import { hasBatch, itemByRef, MOVEMENT_TYPES, pageMovements } from './inventoryItems.repo.ts';
import { notFound } from '../../values/errors.ts';

/**
 * Extension: an item's stock movements (the ledger), newest first, paged. The item is named as in
 * the stock operations; `type` and `batchId` narrow the list (a batch the item does not have is
 * NOT_FOUND).
 */
export const listMovements = defineOperation({
  namespace: 'inventoryItems',
  name: 'listMovements', audience: member(),
  summary: "An item's stock movements, newest first",
  input: z
    .object({
      organizationId: id(),
      ...itemRefShape,
      type: z.enum(MOVEMENT_TYPES, { error: `must be one of: ${MOVEMENT_TYPES.join(', ')}` }).nullish().transform((v) => v ?? undefined),
      batchId: id().nullish().transform((v) => v ?? undefined),
      ...paging,
    })
    .superRefine(requireItemRef),
  output: pageResult(movementRecord),
  async handler(ctx, input) {
    const item = await itemByRef(ctx.db, input.organizationId, input);
    if (input.batchId !== undefined && !(await hasBatch(ctx.db, item.id, input.batchId))) throw notFound('batch');
    return pageMovements(ctx.db, item.id, { type: input.type, batchId: input.batchId }, input.page, input.pageSize);
  },
});
