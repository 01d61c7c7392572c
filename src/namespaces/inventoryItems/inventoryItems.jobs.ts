import type { JobDefinition } from '../../jobs/runner.ts';
import { sweepExpiry } from './inventoryItems.alerts.ts';
import { expiryWindow } from './inventoryItems.stock.ts';

/**
 * Once a day, what inventoryItems.sendExpiryAlerts does for one organization, for every
 * organization with stock: each batch that has come within INVENTORY_EXPIRY_WARNING_DAYS of its
 * expiry (or expired) is announced to the staff once per expiry date. Low stock is announced by
 * the stock movement that crosses the reorder level (docs/inventory.md), so it needs no sweep.
 */
export const expiryAlerts: JobDefinition = {
  name: 'inventoryItems.expiryAlerts',
  everyMs: 24 * 60 * 60_000,
  async run(ctx) {
    const organizations = await ctx.db.selectFrom('inventoryBatches').select('organizationId').distinct().where('quantity', '>', 0).execute();
    let announced = 0;
    for (const { organizationId } of organizations) {
      announced += await sweepExpiry(ctx.db, { ...ctx, organizationId }, organizationId, expiryWindow(ctx));
    }
    return announced;
  },
};

export const inventoryJobs: readonly JobDefinition[] = [expiryAlerts];
