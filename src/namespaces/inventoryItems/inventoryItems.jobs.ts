import { eachOnItsOwn } from '../../background/each-on-its-own.ts';
import type { JobDefinition } from '../../background/runner.ts';
import type { Context } from '../../operations/operation.ts';
import { sweepExpiry, sweepLowStock } from './inventoryItems.alerts.ts';
import { expiryWindow } from './inventoryItems.stock.ts';

/**
 * Once a day, what inventoryItems.sendExpiryAlerts does for one organization, for every
 * organization with stock: each batch that has come within INVENTORY_EXPIRY_WARNING_DAYS of its
 * expiry (or expired) is announced to the staff once per expiry date. Each organization on its own
 * (eachOnItsOwn): one that fails fails the run after the others, which the runner tries again.
 */
export const expiryAlerts: JobDefinition = {
  name: 'inventoryItems.expiryAlerts',
  everyMs: 24 * 60 * 60_000,
  transactional: false,
  async run(ctx) {
    const organizations = await ctx.db.selectFrom('inventoryBatches').select('organizationId as id').distinct().where('quantity', '>', 0).execute();
    const sweep = (tx: Context, { id }: { id: string }) => sweepExpiry(tx.db, { ...tx, organizationId: id }, id, expiryWindow(tx));
    return eachOnItsOwn(ctx, 'inventoryItems.expiryAlerts', organizations, sweep, { retry: true });
  },
};

/**
 * Once a day, the staff of each organization with items at or below their minimum get one list of
 * them (the movement that crossed the level announced each item once; this reminds of what stays
 * low). Each organization on its own, as expiryAlerts; once per person and day, so a retry tells
 * only the organizations not told.
 */
export const lowStockDigest: JobDefinition = {
  name: 'inventoryItems.lowStockDigest',
  everyMs: 24 * 60 * 60_000,
  transactional: false,
  async run(ctx) {
    const organizations = await ctx.db.selectFrom('inventoryItems').select('organizationId as id').distinct().where('minStock', 'is not', null).whereRef('quantity', '<=', 'minStock').execute();
    const { today } = expiryWindow(ctx);
    const sweep = (tx: Context, { id }: { id: string }) => sweepLowStock(tx.db, { ...tx, organizationId: id }, id, today);
    return eachOnItsOwn(ctx, 'inventoryItems.lowStockDigest', organizations, sweep, { retry: true });
  },
};

export const inventoryJobs: readonly JobDefinition[] = [expiryAlerts, lowStockDigest];
