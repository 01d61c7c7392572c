import { z } from 'zod';
import { id, str } from '../../values/fields.ts';
import { batchNumber } from './inventoryItems.resource.ts';

/** Schema pieces shared by the stock operations. */

/** The largest number of units one movement may carry. */
export const MAX_MOVE = 1_000_000_000;

/** How a stock operation names its item (every identifier given must match the same item). */
export const itemRefShape = {
  inventoryItemId: id().nullish(),
  productId: id().nullish(),
  variantId: id().nullish(),
};

/** Extension: issueStock / adjustStock may name the batch to use, by id or batch number. */
export const batchRefShape = {
  batchId: id().nullish(),
  batchNumber: batchNumber().nullish(),
};

export const notes = () => str().max(2000);

/** Refinement: at least one of inventoryItemId, productId, variantId. */
export function requireItemRef(value: { inventoryItemId?: string | null; productId?: string | null; variantId?: string | null }, ctx: z.RefinementCtx): void {
  if (!value.inventoryItemId && !value.productId && !value.variantId) {
    ctx.addIssue({ code: 'custom', path: ['inventoryItemId'], message: 'give inventoryItemId, productId or variantId' });
  }
}

/** A positive number of units to move. */
export const units = () => z.int().min(1, 'must be greater than 0').max(MAX_MOVE);
