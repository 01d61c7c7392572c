import type { JobDefinition } from '../../background/runner.ts';
import { sweepExpiry, sweepLowStock } from './inventoryItems.alerts.ts';
import { expiryWindow } from './inventoryItems.stock.ts';

/**
 * Once a day, what inventoryItems.sendExpiryAlerts does for one organization, for every
 * organization with stock: each batch that has come within INVENTORY_EXPIRY_WARNING_DAYS of its
 * expiry (or expired) is announced to the staff once per expiry date.
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

/**
 * Once a day, the staff of each organization with items at or below their minimum get one list of
 * them (the movement that crossed the level announced each item once; this reminds of what stays low).
 */
export const lowStockDigest: JobDefinition = {
  name: 'inventoryItems.lowStockDigest',
  everyMs: 24 * 60 * 60_000,
  async run(ctx) {
    const organizations = await ctx.db.selectFrom('inventoryItems').select('organizationId').distinct().where('minStock', 'is not', null).whereRef('quantity', '<=', 'minStock').execute();
    const { today } = expiryWindow(ctx);
    let low = 0;
    for (const { organizationId } of organizations) low += await sweepLowStock(ctx.db, { ...ctx, organizationId }, organizationId, today);
    return low;
  },
};

export const inventoryJobs: readonly JobDefinition[] = [expiryAlerts, lowStockDigest];
