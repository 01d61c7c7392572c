import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { fromMinor } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { stockStats } from './inventoryItems.repo.ts';
import { expiryWindow } from './inventoryItems.stock.ts';

/**
 * Stock figures of an organization (optionally one module). stockValue = Σ over items of
 * quantity × unitPrice, exact (summed in minor units); items without a unitPrice add nothing.
 * lowStockCount counts items at or below their minStock (out-of-stock ones included when they have
 * a minStock); expiring / expired count items holding stock in such batches, with the units.
 */
export const getStats = defineOperation({
  namespace: 'inventoryItems',
  name: 'getStats', audience: member(),
  summary: 'Item count, units, stock value, low-stock, out-of-stock and expiry figures',
  input: z.object({
    organizationId: id(),
    module: z.string().trim().max(100).nullish().transform((v) => v || undefined),
  }),
  output: z.object({
    totalItems: out.int(),
    totalUnits: out.int(),
    lowStockCount: out.int(),
    outOfStockCount: out.int(),
    expiringSoonCount: out.int(),
    expiringSoonUnits: out.int(),
    expiredCount: out.int(),
    expiredUnits: out.int(),
    stockValue: out.number(),
    expiryWarningDays: out.int(),
    asOf: out.date(),
  }),
  async handler(ctx, input) {
    const window = expiryWindow(ctx);
    const { stockValueMinor, ...stats } = await stockStats(ctx.db, input.organizationId, input.module, window);
    return {
      ...stats,
      stockValue: fromMinor(stockValueMinor),
      expiryWarningDays: ctx.config.inventory.expiryWarningDays,
      asOf: window.today,
    };
  },
});
