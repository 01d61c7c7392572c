import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { bool, id, paging } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { itemRecord } from './inventoryItems.results.ts';
import { pageItems } from './inventoryItems.repo.ts';
import { expiryWindow } from './inventoryItems.stock.ts';

/** null is taken as "no filter", like an omitted field; blank text too. */
const flag = () => bool().nullish().transform((v) => v ?? undefined);
const text = () => z.string().trim().max(200).nullish().transform((v) => v || undefined);

/**
 * Paged items, newest first. `module` equal; `search` contains (case-insensitive) in itemName,
 * genericName, brandName or a batch's batch or lot number; `lowStock` true = quantity at or below
 * minStock (items without minStock are never low), false = the others; `expiringSoon` true = holds
 * stock in a batch expiring from today to today + INVENTORY_EXPIRY_WARNING_DAYS, false = the
 * others; `expired` (extension) true = holds stock past its expiry date.
 */
export const list = defineOperation({
  namespace: 'inventoryItems',
  name: 'list', audience: member(),
  summary: 'Page through inventory items with module, search, low-stock and expiry filters',
  input: z.object({
    organizationId: id(),
    module: text(),
    search: text(),
    lowStock: flag(),
    expiringSoon: flag(),
    expired: flag(),
    ...paging,
  }),
  output: pageResult(itemRecord),
  async handler(ctx, input) {
    const { organizationId, page, pageSize, ...filter } = input;
    return pageItems(ctx.db, organizationId, filter, expiryWindow(ctx), page, pageSize);
  },
});
