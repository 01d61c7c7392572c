import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { sweepExpiry } from './inventoryItems.alerts.ts';
import { expiryWindow } from './inventoryItems.stock.ts';

/**
 * Extension: announces to the organization's staff every batch with stock that has come within
 * INVENTORY_EXPIRY_WARNING_DAYS of its expiry (or expired) and was not announced yet. Stock
 * operations do this for the item they touch; this catches stock that does not move (call it
 * daily). Idempotent: a batch is announced once per expiry date.
 */
export const sendExpiryAlerts = defineOperation({
  namespace: 'inventoryItems',
  name: 'sendExpiryAlerts', audience: member(),
  summary: 'Announce batches that have come near expiry (for a daily job)',
  writes: true,
  input: z.object({ organizationId: id() }),
  /** `batches`: how many batches were announced. */
  output: z.object({ organizationId: out.id(), batches: out.int() }),
  async handler(ctx, input) {
    const batches = await sweepExpiry(ctx.db, ctx, input.organizationId, expiryWindow(ctx));
    return { organizationId: input.organizationId, batches };
  },
});
