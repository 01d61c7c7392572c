import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { notFound } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { batchRecord, itemRecord } from './inventoryItems.results.ts';
import { toItem } from './inventoryItems.resource.ts';
import { batchesOf, findItem, toBatch } from './inventoryItems.repo.ts';
import { expiryWindow, fefo } from './inventoryItems.stock.ts';

const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v || undefined);

/**
 * `{ item, batches }`: the item and its batches with stock, first expiry first. `locationId`, when
 * given, must be the item's location (else NOT_FOUND); `batchId` narrows `batches` to that batch of
 * the item (returned even when empty; another item's batch is NOT_FOUND); `search` narrows them to
 * batch or lot numbers containing the text (case-insensitive).
 */
export const getById = defineOperation({
  namespace: 'inventoryItems',
  name: 'getById', audience: member(),
  summary: 'An inventory item with its batches',
  input: z.object({
    id: id(),
    organizationId: id(),
    locationId: optional(id()),
    batchId: optional(id()),
    search: optional(z.string().trim().max(200)),
  }),
  output: z.object({ item: itemRecord, batches: z.array(batchRecord) }),
  async handler(ctx, input) {
    const row = await findItem(ctx.db, input.organizationId, input.id);
    if (!row || (input.locationId && row.locationId !== input.locationId)) throw notFound('inventory item');
    const { today } = expiryWindow(ctx);
    let batches = (await batchesOf(ctx.db, row.id)).sort(fefo);
    if (input.batchId) {
      batches = batches.filter((b) => b.id === input.batchId);
      if (batches.length === 0) throw notFound('batch');
    } else {
      batches = batches.filter((b) => b.quantity > 0);
    }
    const search = input.search?.toLowerCase();
    if (search) batches = batches.filter((b) => [b.batchNumber, b.lotNumber].some((v) => v?.toLowerCase().includes(search)));
    return { item: toItem(row), batches: batches.map((b) => toBatch(b, today)) };
  },
});
