import type { Context } from '../../operations/operation.ts';
import { newId } from '../../values/ids.ts';
import { toItem, type ItemRow } from './inventoryItems.resource.ts';
import { lockItem, toMovement, type ItemRef, type MovementRow } from './inventoryItems.repo.ts';
import { settle } from './inventoryItems.stock.ts';

/**
 * One stock transaction on the item the input names (issueStock, adjustStock): the item locked,
 * `moves` run under a new transaction id, the ledger settled after them. Answers the item after,
 * the transaction id and the movements written.
 */
export async function stockTransaction(
  ctx: Context,
  input: ItemRef & { organizationId: string },
  moves: (item: ItemRow, transactionId: string) => Promise<{ item: ItemRow; movements: MovementRow[] }>,
) {
  const item = await lockItem(ctx.db, ctx.dialect, input.organizationId, input);
  const transactionId = newId();
  const out = await moves(item, transactionId);
  const settled = await settle(ctx.db, ctx, out.item, { before: item.quantity, movements: out.movements });
  return { item: toItem(settled), transactionId, movements: out.movements.map(toMovement) };
}
