import type { Db } from '../../db/database.ts';
import { containsLiteral } from '../../db/text-search.ts';
import type { Context } from '../../operations/operation.ts';
import { parseJsonArray } from '../../values/record.ts';
import { notify, type NotifyInput } from '../notifications/notifications.public.ts';
import type { ItemRow } from './inventoryItems.resource.ts';
import { patchBatch, patchItem, type BatchRow, type ExpiryWindow } from './inventoryItems.repo.ts';
import { emit } from '../../events/events.ts';

/**
 * Low-stock and near-expiry alerts, raised inside the stock operation's transaction.
 *
 * - Staff: the organization's user records with role `admin` or `pharmacist` (in role or roles)
 *   that are neither blocked nor inactive; one notification per person.
 * - Low stock is an episode: it opens when the item's quantity is at or below minStock and no
 *   episode is open (the episode number goes up and staff are notified), and it closes when the
 *   quantity is above minStock again (or minStock is cleared). Movements inside an open episode
 *   notify no one. The dedupe key `inventory:<itemId>:low-stock:<episode>:<idpUserId>` makes a
 *   repeat impossible even if the state were lost.
 * - Near expiry is per batch and expiry date: a batch with stock whose expiry is within the
 *   warning window (or already past) is announced once; `expiryAlertedFor` remembers the date, so
 *   correcting a batch's expiry date announces it again. Key
 *   `inventory:<itemId>:expiry:<batchId>:<expiryDate>:<idpUserId>`.
 */

export const STAFF_ROLES = ['admin', 'pharmacist'] as const;

export interface StaffMember {
  idpUserId: string;
  role: string;
}

export async function staffOf(db: Db, organizationId: string): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('users')
    .select(['idpUserId', 'role', 'roles'])
    .where('organizationId', '=', organizationId)
    // An invitation not accepted makes nobody a recipient (docs/contract.md, "Consent").
    .where('invitationStatus', '=', 'accepted')
    .where((eb) => eb.or([eb('role', 'in', [...STAFF_ROLES]), ...STAFF_ROLES.map((r) => containsLiteral('roles', JSON.stringify(r)))]))
    .where((eb) => eb.or([eb('isBlocked', 'is', null), eb('isBlocked', '=', false)]))
    .where((eb) => eb.or([eb('isActive', 'is', null), eb('isActive', '=', true)]))
    .orderBy('idpUserId')
    .execute();
  return rows.map((r) => {
    const roles = new Set([r.role, ...parseJsonArray(r.roles)]);
    return { idpUserId: r.idpUserId, role: STAFF_ROLES.find((s) => roles.has(s)) ?? r.role };
  });
}

/** What every staff member is told alike; each one's dedupe key is `dedupePrefix` and their idpUserId. */
type StaffNotice = Omit<NotifyInput, 'recipientIdpUserId' | 'recipientRole' | 'dedupeKey'> & { dedupePrefix: string };

async function notifyStaff(db: Db, ctx: Context, staff: StaffMember[], notice: StaffNotice): Promise<void> {
  const { dedupePrefix, ...shared } = notice;
  for (const person of staff) {
    await notify(db, ctx, { ...shared, recipientIdpUserId: person.idpUserId, recipientRole: person.role, dedupeKey: `${dedupePrefix}:${person.idpUserId}` });
  }
}

const isLow = (item: ItemRow) => item.minStock !== null && item.quantity <= item.minStock;
const unitsOf = (item: ItemRow, n: number) => `${n} ${item.unitOfMeasure ?? (n === 1 ? 'unit' : 'units')}`;

async function lowStockAlert(db: Db, ctx: Context, item: ItemRow, staff: () => Promise<StaffMember[]>): Promise<ItemRow> {
  const open = Boolean(item.lowStockOpen);
  if (!isLow(item)) return open ? patchItem(db, item.id, { lowStockOpen: false }) : item;
  if (open) return item;
  const episode = item.lowStockEpisode + 1;
  const out = item.quantity === 0;
  await notifyStaff(db, ctx, await staff(), {
    organizationId: item.organizationId,
    type: out ? 'inventory_out_of_stock' : 'inventory_low_stock',
    title: `${out ? 'Out of stock' : 'Low stock'}: ${item.itemName}`,
    message: `${item.itemName} is ${out ? 'out of stock' : `down to ${unitsOf(item, item.quantity)}`} (minimum ${item.minStock!}).`,
    priority: 'high',
    relatedEntityType: 'inventoryItems',
    relatedEntityId: item.id,
    navigationParams: { inventoryItemId: item.id },
    dedupePrefix: `inventory:${item.id}:low-stock:${episode}`,
  });
  await emit(db, ctx, item.organizationId, 'stock.low', { item: { id: item.id, itemName: item.itemName, quantity: item.quantity, minStock: item.minStock }, outOfStock: out });
  return patchItem(db, item.id, { lowStockEpisode: episode, lowStockOpen: true });
}

export async function expiryAlerts(db: Db, ctx: Context, item: ItemRow, batches: BatchRow[], window: ExpiryWindow, staff: () => Promise<StaffMember[]>): Promise<number> {
  const due = batches.filter((b) => b.quantity > 0 && b.expiryDate !== null && b.expiryDate <= window.horizon && b.expiryAlertedFor !== b.expiryDate);
  for (const batch of due) {
    const expiry = batch.expiryDate!;
    const expired = expiry < window.today;
    const label = batch.batchNumber ? `Batch ${batch.batchNumber}` : batch.lotNumber ? `Lot ${batch.lotNumber}` : 'Stock';
    await notifyStaff(db, ctx, await staff(), {
      organizationId: item.organizationId,
      type: expired ? 'inventory_expired' : 'inventory_near_expiry',
      title: `${expired ? 'Expired' : 'Expiring soon'}: ${item.itemName}`,
      message: `${label} of ${item.itemName} (${unitsOf(item, batch.quantity)}) ${expired ? 'expired' : 'expires'} on ${expiry}.`,
      priority: expired ? 'high' : 'normal',
      relatedEntityType: 'inventoryItems',
      relatedEntityId: item.id,
      navigationParams: { inventoryItemId: item.id, batchId: batch.id },
      dedupePrefix: `inventory:${item.id}:expiry:${batch.id}:${expiry}`,
    });
    await emit(db, ctx, item.organizationId, 'stock.expiring', {
      item: { id: item.id, itemName: item.itemName },
      batch: { id: batch.id, batchNumber: batch.batchNumber, lotNumber: batch.lotNumber, expiryDate: expiry, quantity: batch.quantity },
      expired,
    });
    await patchBatch(db, batch.id, { expiryAlertedFor: expiry });
  }
  return due.length;
}

/**
 * Announces every batch of the organization that has come within the warning window (or expired)
 * since it was last announced: for a daily job, as stock that is not moving is otherwise checked
 * only when it moves. Returns how many batches were announced.
 */
export async function sweepExpiry(db: Db, ctx: Context, organizationId: string, window: ExpiryWindow): Promise<number> {
  const due = await db
    .selectFrom('inventoryBatches')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('quantity', '>', 0)
    .where('expiryDate', '<=', window.horizon)
    .where((eb) => eb.or([eb('expiryAlertedFor', 'is', null), eb('expiryAlertedFor', '!=', eb.ref('expiryDate'))]))
    .orderBy('inventoryItemId')
    .orderBy('expiryDate')
    .execute();
  if (due.length === 0) return 0;
  const items = await db.selectFrom('inventoryItems').selectAll().where('id', 'in', [...new Set(due.map((b) => b.inventoryItemId))]).execute();
  let cached: Promise<StaffMember[]> | undefined;
  const staff = () => (cached ??= staffOf(db, organizationId));
  let announced = 0;
  for (const item of items) announced += await expiryAlerts(db, ctx, item, due.filter((b) => b.inventoryItemId === item.id), window, staff);
  return announced;
}

/** Raises what the item's state calls for; returns the item with its alert state updated. */
export async function raiseAlerts(db: Db, ctx: Context, item: ItemRow, batches: BatchRow[], window: ExpiryWindow): Promise<ItemRow> {
  let cached: Promise<StaffMember[]> | undefined;
  const staff = () => (cached ??= staffOf(db, item.organizationId));
  const current = await lowStockAlert(db, ctx, item, staff);
  await expiryAlerts(db, ctx, current, batches, window, staff);
  return current;
}

const DIGEST_NAMES = 10;

/**
 * The daily reminder of what is still low: one notification per staff member listing the items at
 * or below their minimum (the movement that crossed the level announced each once; stock that
 * stays low would otherwise be forgotten). Once per organization, person and day. Returns how many
 * items are low.
 */
export async function sweepLowStock(db: Db, ctx: Context, organizationId: string, today: string): Promise<number> {
  const low = await db
    .selectFrom('inventoryItems')
    .select(['itemName', 'quantity', 'minStock', 'unitOfMeasure'])
    .where('organizationId', '=', organizationId)
    .where('minStock', 'is not', null)
    .whereRef('quantity', '<=', 'minStock')
    .orderBy('quantity')
    .orderBy('itemName')
    .execute();
  if (low.length === 0) return 0;
  const out = low.filter((i) => i.quantity === 0).length;
  const named = low.slice(0, DIGEST_NAMES).map((i) => `${i.itemName} (${i.quantity} of ${i.minStock!})`);
  const more = low.length > DIGEST_NAMES ? ` and ${low.length - DIGEST_NAMES} more` : '';
  await notifyStaff(db, ctx, await staffOf(db, organizationId), {
    organizationId,
    type: 'inventory_low_stock_daily',
    title: `${low.length} ${low.length === 1 ? 'item is' : 'items are'} at or below minimum stock`,
    message: `${out > 0 ? `${out} out of stock. ` : ''}${named.join(', ')}${more}.`,
    priority: out > 0 ? 'high' : 'normal',
    relatedEntityType: 'inventoryItems',
    navigationParams: { lowStock: true },
    dedupePrefix: `inventory:low-stock-daily:${organizationId}:${today}`,
  });
  return low.length;
}
