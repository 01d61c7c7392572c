import { AppError } from '../../values/errors.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deletedAnswer } from '../../values/results.ts';
import { inventoryItems } from './inventoryItems.resource.ts';
import { lockItem, removeItem } from './inventoryItems.repo.ts';

/**
 * Deletes an item with no stock on hand, with its batches. Its movements stay in the ledger
 * (append-only). An item with stock is INVALID_STATE: adjust it out first, so that no stock
 * disappears without a movement.
 */
export const remove = defineOperation({
  ...inventoryItems.declared.delete,
  summary: 'Delete an inventory item without stock (its movements are kept)',
  async handler(ctx, input) {
    const item = await lockItem(ctx.db, ctx.dialect, input.organizationId!, { inventoryItemId: input.id });
    if (item.quantity > 0) {
      throw new AppError('INVALID_STATE', `the item has ${item.quantity} units on hand: adjust them out (adjustStock) before deleting it`);
    }
    await removeItem(ctx.db, item.id);
    return deletedAnswer(item.id);
  },
});
