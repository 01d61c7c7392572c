import { callerId } from '../../caller/caller.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound, validationFailed } from '../../values/errors.ts';
import { newId } from '../../values/ids.ts';
import type { Context } from '../../operations/operation.ts';
import { addDays, dateIn } from '../../time/zone.ts';
import { raiseAlerts } from './inventoryItems.alerts.ts';
import { MAX_STOCK, type ItemRow } from './inventoryItems.resource.ts';
import {
  batchesOf,
  findBatchByKey,
  insertBatch,
  insertMovement,
  ledgerSums,
  notEnough,
  patchItem,
  type BatchRow,
  type ExpiryWindow,
  type MovementRow,
  type MovementType,
} from './inventoryItems.repo.ts';

/**
 * The stock ledger. Every change of stock is a movement: one row per batch touched, signed
 * (+ in, - out), written with the batch and item updates in the operation's transaction. The
 * operations lock the item first (lockItem), so the arithmetic here sees the current stock; the
 * conditional updates (`quantity + delta >= 0`) and the CHECK constraints hold the line anyway,
 * and settle() verifies item = Σ batches = Σ movements before the transaction commits (for the
 * movements, by checking the operation's own movements against the quantity before it: see
 * ledgerProblem).
 */

export interface BatchDetails {
  batchNumber?: string | null | undefined;
  lotNumber?: string | null | undefined;
  expiryDate?: string | null | undefined;
}

/** What a movement records beyond type, quantity and batch. Money in minor units. */
export interface MovementDetails {
  transactionId: string;
  transactionAt: number;
  unitPrice?: number | null | undefined;
  purchasePrice?: number | null | undefined;
  supplierId?: string | null | undefined;
  issuedToId?: string | null | undefined;
  issuedToName?: string | null | undefined;
  issuedToType?: 'STAFF' | null | undefined;
  departmentId?: string | null | undefined;
  originalTransactionId?: string | null | undefined;
  reason?: string | null | undefined;
  notes?: string | null | undefined;
  locationId?: string | null | undefined;
}

export function expiryWindow(ctx: Context): ExpiryWindow {
  const today = dateIn(ctx.config.timeZone, ctx.now());
  return { today, horizon: addDays(today, ctx.config.inventory.expiryWarningDays) };
}

export const isExpired = (batch: Pick<BatchRow, 'expiryDate'>, today: string) => batch.expiryDate !== null && batch.expiryDate < today;

/**
 * A batch's identity within its item: its batch number when it has one (a batch number has one
 * lot and one expiry), else its lot number and expiry date together. No details at all is the
 * item's unbatched stock.
 */
export function batchKeyOf(details: BatchDetails): string {
  if (details.batchNumber) return `b:${details.batchNumber}`;
  return `l:${details.lotNumber ?? ''}|e:${details.expiryDate ?? ''}`;
}

export function batchLabel(batch: Pick<BatchRow, 'batchNumber' | 'lotNumber' | 'expiryDate'>): string {
  if (batch.batchNumber) return `batch ${batch.batchNumber}`;
  if (batch.lotNumber) return `lot ${batch.lotNumber}`;
  if (batch.expiryDate) return `the stock expiring ${batch.expiryDate}`;
  return 'the unbatched stock';
}

/** First expiry first out: earliest expiry, no expiry last, then the oldest batch. */
export function fefo(a: BatchRow, b: BatchRow): number {
  if (a.expiryDate !== b.expiryDate) {
    if (a.expiryDate === null) return 1;
    if (b.expiryDate === null) return -1;
    return a.expiryDate < b.expiryDate ? -1 : 1;
  }
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export interface Take {
  batch: BatchRow;
  quantity: number;
}

/** Splits `quantity` over `batches` in FEFO order; INVALID_STATE with what is available when they do not hold it. */
export function allocate(batches: BatchRow[], quantity: number, what: string): Take[] {
  const ordered = batches.filter((b) => b.quantity > 0).sort(fefo);
  const available = ordered.reduce((sum, b) => sum + b.quantity, 0);
  if (available < quantity) throw notEnough(available, quantity, what);
  const takes: Take[] = [];
  let left = quantity;
  for (const batch of ordered) {
    if (left === 0) break;
    const take = Math.min(left, batch.quantity);
    takes.push({ batch, quantity: take });
    left -= take;
  }
  return takes;
}

/** What an issue takes: from the named batch, else FEFO over the batches that are not expired. */
export function allocateIssue(batches: BatchRow[], quantity: number, today: string, named?: BatchRow): Take[] {
  if (named) {
    if (isExpired(named, today)) throw new AppError('INVALID_STATE', `${batchLabel(named)} expired on ${named.expiryDate!}: expired stock is never issued`);
    return allocate([named], quantity, `in ${batchLabel(named)}`);
  }
  const usable = batches.filter((b) => !isExpired(b, today));
  const expiredUnits = batches.filter((b) => isExpired(b, today)).reduce((sum, b) => sum + b.quantity, 0);
  return allocate(usable, quantity, expiredUnits > 0 ? `to issue (${expiredUnits} more expired)` : 'to issue');
}

/** What a negative adjustment removes: from the named batch, else FEFO over every batch, expired ones included (they come first). */
export function allocateRemoval(batches: BatchRow[], quantity: number, named?: BatchRow): Take[] {
  return named ? allocate([named], quantity, `in ${batchLabel(named)}`) : allocate(batches, quantity, 'on hand');
}

/** The item's batch named by id or batch number; NOT_FOUND when it is not this item's. */
export function namedBatch(batches: BatchRow[], ref: { batchId?: string | null | undefined; batchNumber?: string | null | undefined }): BatchRow | undefined {
  if (!ref.batchId && !ref.batchNumber) return undefined;
  const found = batches.find((b) => (!ref.batchId || b.id === ref.batchId) && (!ref.batchNumber || b.batchNumber === ref.batchNumber));
  if (!found) throw notFound('batch');
  return found;
}

/**
 * The batch a receipt (or opening stock) goes into: the item's batch with the same identity, or a
 * new empty one. A receipt naming a known batch number must agree with its lot and expiry where
 * it gives them (VALIDATION_FAILED otherwise); what it leaves out is taken from the batch.
 */
export async function batchFor(db: Db, ctx: Context, item: ItemRow, details: BatchDetails): Promise<BatchRow> {
  const key = batchKeyOf(details);
  const existing = await findBatchByKey(db, item.id, key);
  if (existing) {
    if (details.expiryDate && existing.expiryDate !== details.expiryDate) {
      throw validationFailed('expiryDate', `${batchLabel(existing)} expires on ${existing.expiryDate ?? '(no date)'}`);
    }
    if (details.lotNumber && existing.lotNumber !== details.lotNumber) {
      throw validationFailed('lotNumber', `${batchLabel(existing)} is lot ${existing.lotNumber ?? '(none)'}`);
    }
    return existing;
  }
  const now = ctx.now();
  return insertBatch(db, {
    id: newId(),
    organizationId: item.organizationId,
    inventoryItemId: item.id,
    batchKey: key,
    batchNumber: details.batchNumber ?? null,
    lotNumber: details.lotNumber ?? null,
    expiryDate: details.expiryDate ?? null,
    quantity: 0,
    purchasePrice: null,
    supplierId: null,
    receivedAt: null,
    expiryAlertedFor: null,
    createdAt: now,
    updatedAt: now,
  });
}

export interface Moved {
  item: ItemRow;
  batch: BatchRow;
  movement: MovementRow;
}

/**
 * Moves `delta` units into (+) or out of (-) one batch of the item and writes the movement. The
 * updates are conditional, so stock can never go below zero even if a caller skipped the lock.
 */
export async function move(db: Db, ctx: Context, item: ItemRow, batch: BatchRow, delta: number, type: MovementType, details: MovementDetails): Promise<Moved> {
  if (delta === 0) throw new RangeError('a movement of 0 units');
  if (item.quantity + delta > MAX_STOCK) throw new AppError('INVALID_STATE', `an item holds at most ${MAX_STOCK} units; it has ${item.quantity}`);
  const now = ctx.now();
  const batchRows = await db
    .updateTable('inventoryBatches')
    .set((eb) => ({ quantity: eb('quantity', '+', delta), updatedAt: now }))
    .where('id', '=', batch.id)
    .where((eb) => eb(eb('quantity', '+', delta), '>=', 0))
    .returningAll()
    .execute();
  if (!batchRows[0]) throw notEnough(batch.quantity, -delta, `in ${batchLabel(batch)}`);
  const itemRows = await db
    .updateTable('inventoryItems')
    .set((eb) => ({ quantity: eb('quantity', '+', delta), updatedAt: now }))
    .where('id', '=', item.id)
    .where((eb) => eb(eb('quantity', '+', delta), '>=', 0))
    .returningAll()
    .execute();
  if (!itemRows[0]) throw notEnough(item.quantity, -delta);
  const movement = await insertMovement(db, {
    id: newId(),
    organizationId: item.organizationId,
    inventoryItemId: item.id,
    batchId: batch.id,
    transactionId: details.transactionId,
    type,
    quantity: delta,
    balanceAfter: itemRows[0].quantity,
    batchNumber: batch.batchNumber,
    lotNumber: batch.lotNumber,
    expiryDate: batch.expiryDate,
    unitPrice: details.unitPrice ?? item.unitPrice,
    purchasePrice: details.purchasePrice ?? null,
    supplierId: details.supplierId ?? null,
    issuedToId: details.issuedToId ?? null,
    issuedToName: details.issuedToName ?? null,
    issuedToType: details.issuedToType ?? null,
    departmentId: details.departmentId ?? null,
    originalTransactionId: details.originalTransactionId ?? null,
    reason: details.reason ?? null,
    notes: details.notes ?? null,
    locationId: details.locationId ?? null,
    performedBy: callerId(ctx.caller),
    transactionAt: details.transactionAt,
    createdAt: now,
  });
  return { item: itemRows[0], batch: batchRows[0], movement };
}

/** Applies takes (out of stock) one batch at a time; returns the item after and the movements. */
export async function takeOut(db: Db, ctx: Context, item: ItemRow, takes: Take[], type: MovementType, details: MovementDetails): Promise<{ item: ItemRow; movements: MovementRow[] }> {
  const movements: MovementRow[] = [];
  let current = item;
  for (const take of takes) {
    const moved = await move(db, ctx, current, take.batch, -take.quantity, type, details);
    current = moved.item;
    movements.push(moved.movement);
  }
  return { item: current, movements };
}

/**
 * A signed adjustment (adjustStock, and update's quantity): in goes to the named batch, else the
 * batch the item shows (unless it is expired), else the unbatched stock; out comes from the named batch, else FEFO over
 * all batches, expired first.
 */
export async function adjust(
  db: Db,
  ctx: Context,
  item: ItemRow,
  delta: number,
  batchRef: { batchId?: string | null | undefined; batchNumber?: string | null | undefined },
  details: MovementDetails,
): Promise<{ item: ItemRow; movements: MovementRow[] }> {
  const batches = await batchesOf(db, item.id);
  const named = namedBatch(batches, batchRef);
  if (delta < 0) return takeOut(db, ctx, item, allocateRemoval(batches, -delta, named), 'ADJUSTMENT', details);
  const today = expiryWindow(ctx).today;
  const shown = batches.find((b) => b.id === item.batchId && !isExpired(b, today));
  const target = named ?? shown ?? (await batchFor(db, ctx, item, {}));
  const moved = await move(db, ctx, item, target, delta, 'ADJUSTMENT', details);
  return { item: moved.item, movements: [moved.movement] };
}

/**
 * The batch whose details the item shows: the next one an issue would take (FEFO over batches
 * with stock that are not expired), else the first of those with expired stock, else the batch
 * created last; none while the item has no batches.
 */
export function shownBatch(batches: BatchRow[], today: string): BatchRow | undefined {
  const stocked = batches.filter((b) => b.quantity > 0).sort(fefo);
  const usable = stocked.filter((b) => !isExpired(b, today));
  if (usable[0]) return usable[0];
  if (stocked[0]) return stocked[0];
  return [...batches].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))[0];
}

/**
 * What a stock operation did to the ledger, for settle() to verify: the item's quantity when the
 * operation read it (locked) and the movements it wrote, in the order written.
 */
export interface LedgerChange {
  before: number;
  movements: readonly MovementRow[];
}

/**
 * The ledger check of one operation, in constant time: each movement's balanceAfter is the
 * balance before it plus its quantity (starting from the item's quantity when the operation read
 * it), the item's quantity is the last balance, and the item's batches add up to it. Since every
 * operation that changes stock passes this check before committing, and an item starts at 0
 * with no movements, Σ movements = quantity follows for the whole ledger without summing it
 * (verifyLedger does sum it, for tests and audits). Returns the problem, or null.
 */
export function ledgerProblem(item: Pick<ItemRow, 'id' | 'quantity'>, batches: readonly Pick<BatchRow, 'quantity'>[], change: LedgerChange): string | null {
  let balance = change.before;
  for (const movement of change.movements) {
    if (movement.inventoryItemId !== item.id) return `movement ${movement.id} is not of item ${item.id}`;
    balance += movement.quantity;
    if (movement.balanceAfter !== balance) return `movement ${movement.id} records balance ${movement.balanceAfter}, the ledger gives ${balance}`;
  }
  if (balance !== item.quantity) return `item ${item.quantity}, ledger ${balance} (${change.before} before this operation)`;
  const inBatches = batches.reduce((sum, b) => sum + b.quantity, 0);
  if (inBatches !== item.quantity) return `item ${item.quantity}, batches ${inBatches}`;
  return null;
}

/**
 * The full check: item quantity = Σ batch quantities = Σ movement quantities, summing the whole
 * ledger (O(movements)); throws when it does not hold. Used by the tests, not by the operations.
 */
export async function verifyLedger(db: Db, itemId: string): Promise<number> {
  const item = await db.selectFrom('inventoryItems').select('quantity').where('id', '=', itemId).executeTakeFirstOrThrow();
  const sums = await ledgerSums(db, itemId);
  if (sums.batches !== item.quantity || sums.movements !== item.quantity) {
    throw new Error(`inventory ledger out of balance for item ${itemId}: item ${item.quantity}, batches ${sums.batches}, movements ${sums.movements}`);
  }
  return item.quantity;
}

/**
 * Ends every stock-changing operation, in its transaction: refreshes the batch the item shows,
 * raises low-stock and near-expiry alerts (once, see inventoryItems.alerts.ts), and verifies the ledger with
 * ledgerProblem() (constant time per operation, whatever the length of the item's history), or
 * the transaction fails.
 */
export async function settle(db: Db, ctx: Context, item: ItemRow, change: LedgerChange): Promise<ItemRow> {
  const window = expiryWindow(ctx);
  const batches = await batchesOf(db, item.id);
  const shown = shownBatch(batches, window.today);
  let current = item;
  if (shown && (shown.id !== item.batchId || shown.batchNumber !== item.batchNumber || shown.lotNumber !== item.lotNumber || shown.expiryDate !== item.expiryDate)) {
    current = await patchItem(db, item.id, { batchId: shown.id, batchNumber: shown.batchNumber, lotNumber: shown.lotNumber, expiryDate: shown.expiryDate });
  }
  current = await raiseAlerts(db, ctx, current, batches, window);
  const problem = ledgerProblem(current, batches, change);
  if (problem) throw new Error(`inventory ledger out of balance for item ${item.id}: ${problem}`);
  return current;
}
