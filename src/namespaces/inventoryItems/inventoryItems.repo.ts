import { sql, type Expression, type ExpressionBuilder, type Insertable, type Selectable, type SqlBool } from 'kysely';
import { pageOfQuery } from '../../db/paged-list.ts';
import type { Db, Dialect } from '../../db/database.ts';
import { lockedIfPostgres } from '../../db/locks.ts';
import type { Database } from '../../db/schema.ts';
import type { InventoryBatchesTable, InventoryMovementsTable } from './inventoryItems.table.ts';
import { containsText } from '../../db/text-search.ts';
import { AppError, notFound, validationFailed } from '../../values/errors.ts';
import { fromMinor } from '../../values/money.ts';
import type { Page } from '../../values/paging.ts';
import { toItem, type ItemRecord, type ItemRow } from './inventoryItems.resource.ts';

/** Query functions for inventory items, batches and movements; each takes the handle first. */

export type BatchRow = Selectable<InventoryBatchesTable>;
export type MovementRow = Selectable<InventoryMovementsTable>;
export type MovementType = InventoryMovementsTable['type'];
export const MOVEMENT_TYPES = ['OPENING', 'RECEIPT', 'ISSUE', 'ADJUSTMENT'] as const satisfies readonly MovementType[];

/**
 * How an operation names an item: by its id, or by the catalogue's productId / variantId stored on
 * it. Every identifier given must match the same item; `module`, when given, must be the item's.
 */
export interface ItemRef {
  inventoryItemId?: string | null | undefined;
  productId?: string | null | undefined;
  variantId?: string | null | undefined;
  module?: string | null | undefined;
}

const minorToNumber = (v: number | string | null) => (v === null ? null : fromMinor(Number(v)));

/**
 * The item named by `ref`, locked for the rest of the transaction: on PostgreSQL the row is read
 * `FOR UPDATE`, so concurrent stock operations on one item run one after the other and each sees
 * the stock the previous one left; SQLite runs one writing transaction at a time anyway.
 * NOT_FOUND when nothing matches; a productId that names several variants needs the variantId.
 */
export async function lockItem(db: Db, dialect: Dialect, organizationId: string, ref: ItemRef): Promise<ItemRow> {
  return theItem(ref, await lockedIfPostgres(itemsNamed(db, organizationId, ref), dialect).execute());
}

/** The item named by `ref` (see lockItem), read without a lock. */
export async function itemByRef(db: Db, organizationId: string, ref: ItemRef): Promise<ItemRow> {
  return theItem(ref, await itemsNamed(db, organizationId, ref).execute());
}

function itemsNamed(db: Db, organizationId: string, ref: ItemRef) {
  let query = db.selectFrom('inventoryItems').selectAll().where('organizationId', '=', organizationId);
  if (ref.inventoryItemId) query = query.where('id', '=', ref.inventoryItemId);
  if (ref.productId) query = query.where('productId', '=', ref.productId);
  if (ref.variantId) query = query.where('variantId', '=', ref.variantId);
  if (ref.module) query = query.where('module', '=', ref.module);
  return query.orderBy('id').limit(2);
}

function theItem(ref: ItemRef, rows: ItemRow[]): ItemRow {
  if (rows.length === 0) throw notFound('inventory item');
  if (rows.length > 1) throw validationFailed('variantId', `productId ${ref.productId ?? ''} has several variants: give the variantId or inventoryItemId`);
  return rows[0]!;
}

export async function findItem(db: Db, organizationId: string, id: string): Promise<ItemRow | undefined> {
  return db.selectFrom('inventoryItems').selectAll().where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

export async function insertItem(db: Db, row: Insertable<Database['inventoryItems']>): Promise<ItemRow> {
  const rows = await db.insertInto('inventoryItems').values(row).returningAll().execute();
  return rows[0]!;
}

export async function patchItem(db: Db, id: string, changes: Partial<ItemRow>): Promise<ItemRow> {
  const rows = await db.updateTable('inventoryItems').set(changes).where('id', '=', id).returningAll().execute();
  if (!rows[0]) throw notFound('inventory item');
  return rows[0];
}

export async function removeItem(db: Db, id: string): Promise<void> {
  await db.deleteFrom('inventoryBatches').where('inventoryItemId', '=', id).execute();
  await db.deleteFrom('inventoryItems').where('id', '=', id).execute();
}

// ---------------------------------------------------------------------------------------------
// Batches

export async function batchesOf(db: Db, itemId: string): Promise<BatchRow[]> {
  return db.selectFrom('inventoryBatches').selectAll().where('inventoryItemId', '=', itemId).orderBy('createdAt').orderBy('id').execute();
}

export async function findBatchByKey(db: Db, itemId: string, batchKey: string): Promise<BatchRow | undefined> {
  return db.selectFrom('inventoryBatches').selectAll().where('inventoryItemId', '=', itemId).where('batchKey', '=', batchKey).executeTakeFirst();
}

/** Does the item (already found in its organization) have this batch? */
export async function hasBatch(db: Db, itemId: string, id: string): Promise<boolean> {
  return (await db.selectFrom('inventoryBatches').select('id').where('inventoryItemId', '=', itemId).where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function insertBatch(db: Db, batch: BatchRow): Promise<BatchRow> {
  const rows = await db.insertInto('inventoryBatches').values(batch).returningAll().execute();
  return rows[0]!;
}

export async function patchBatch(db: Db, id: string, changes: Partial<BatchRow>): Promise<BatchRow> {
  const rows = await db.updateTable('inventoryBatches').set(changes).where('id', '=', id).returningAll().execute();
  return rows[0]!;
}

/** A batch as the API shows it; `isExpired` is relative to `today` (service zone). */
export function toBatch(row: BatchRow, today: string) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    inventoryItemId: row.inventoryItemId,
    batchNumber: row.batchNumber,
    lotNumber: row.lotNumber,
    expiryDate: row.expiryDate,
    quantity: row.quantity,
    isExpired: row.expiryDate !== null && row.expiryDate < today,
    purchasePrice: minorToNumber(row.purchasePrice),
    supplierId: row.supplierId,
    receivedAt: row.receivedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

// ---------------------------------------------------------------------------------------------
// Movements (append-only)

export async function insertMovement(db: Db, movement: MovementRow): Promise<MovementRow> {
  const rows = await db.insertInto('inventoryMovements').values(movement).returningAll().execute();
  return rows[0]!;
}

export function toMovement(row: MovementRow) {
  return { ...row, unitPrice: minorToNumber(row.unitPrice), purchasePrice: minorToNumber(row.purchasePrice) };
}

export type MovementRecord = ReturnType<typeof toMovement>;

/** The item's quantity as its batches and as its movements add it up. */
export async function ledgerSums(db: Db, itemId: string): Promise<{ batches: number; movements: number }> {
  const batches = await db
    .selectFrom('inventoryBatches')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quantity'), sql<number>`0`).as('n'))
    .where('inventoryItemId', '=', itemId)
    .executeTakeFirstOrThrow();
  const movements = await db
    .selectFrom('inventoryMovements')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quantity'), sql<number>`0`).as('n'))
    .where('inventoryItemId', '=', itemId)
    .executeTakeFirstOrThrow();
  return { batches: Number(batches.n), movements: Number(movements.n) };
}

export interface MovementFilter {
  type?: MovementType | undefined;
  batchId?: string | undefined;
}

/** An item's movements, newest first (recorded time, then id: ids are time-ordered). */
export async function pageMovements(db: Db, itemId: string, filter: MovementFilter, page: number, pageSize: number): Promise<Page<MovementRecord>> {
  let base = db.selectFrom('inventoryMovements').where('inventoryItemId', '=', itemId);
  if (filter.type) base = base.where('type', '=', filter.type);
  if (filter.batchId) base = base.where('batchId', '=', filter.batchId);
  const rows = base.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc');
  return pageOfQuery(db, ['inventoryMovements'], base, rows, page, pageSize, toMovement);
}

// ---------------------------------------------------------------------------------------------
// Lists, statistics, the catalogue

type ItemsEb = ExpressionBuilder<Database, 'inventoryItems'>;

/** Today and the last day of the expiry warning window, as YYYY-MM-DD in the service zone. */
export interface ExpiryWindow {
  today: string;
  horizon: string;
}

/** The item holds stock in a batch matching `condition`. */
function holdsBatch(eb: ItemsEb, condition: (b: ExpressionBuilder<Database, 'inventoryBatches' | 'inventoryItems'>) => Expression<SqlBool>) {
  return eb.exists(
    eb
      .selectFrom('inventoryBatches')
      .select(sql`1`.as('one'))
      .whereRef('inventoryBatches.inventoryItemId', '=', 'inventoryItems.id')
      .where('inventoryBatches.quantity', '>', 0)
      .where((b) => condition(b)),
  );
}

const expiringSoon = (eb: ItemsEb, w: ExpiryWindow) =>
  holdsBatch(eb, (b) => b.and([b('inventoryBatches.expiryDate', '>=', w.today), b('inventoryBatches.expiryDate', '<=', w.horizon)]));
const expired = (eb: ItemsEb, w: ExpiryWindow) => holdsBatch(eb, (b) => b('inventoryBatches.expiryDate', '<', w.today));
const lowStock = (eb: ItemsEb) => eb.and([eb('inventoryItems.minStock', 'is not', null), eb('inventoryItems.quantity', '<=', eb.ref('inventoryItems.minStock'))]);

export interface ItemFilter {
  module?: string | undefined;
  search?: string | undefined;
  lowStock?: boolean | undefined;
  expiringSoon?: boolean | undefined;
  expired?: boolean | undefined;
}

function itemConditions(eb: ItemsEb, organizationId: string, f: ItemFilter, w: ExpiryWindow): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [eb('inventoryItems.organizationId', '=', organizationId)];
  if (f.module !== undefined) all.push(eb('inventoryItems.module', '=', f.module));
  const search = f.search;
  if (search) {
    all.push(
      eb.or([
        containsText('inventoryItems.itemName', search),
        containsText('inventoryItems.genericName', search),
        containsText('inventoryItems.brandName', search),
        eb.exists(
          eb
            .selectFrom('inventoryBatches')
            .select(sql`1`.as('one'))
            .whereRef('inventoryBatches.inventoryItemId', '=', 'inventoryItems.id')
            .where((b) => b.or([containsText('inventoryBatches.batchNumber', search), containsText('inventoryBatches.lotNumber', search)])),
        ),
      ]),
    );
  }
  if (f.lowStock !== undefined) all.push(f.lowStock ? lowStock(eb) : eb.not(lowStock(eb)));
  if (f.expiringSoon !== undefined) all.push(f.expiringSoon ? expiringSoon(eb, w) : eb.not(expiringSoon(eb, w)));
  if (f.expired !== undefined) all.push(f.expired ? expired(eb, w) : eb.not(expired(eb, w)));
  return eb.and(all);
}

/** One page of items matching every filter, newest first. */
export async function pageItems(db: Db, organizationId: string, filter: ItemFilter, w: ExpiryWindow, page: number, pageSize: number): Promise<Page<ItemRecord>> {
  const base = db.selectFrom('inventoryItems').where((eb) => itemConditions(eb, organizationId, filter, w));
  const rows = base.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc');
  return pageOfQuery(db, ['inventoryItems'], base, rows, page, pageSize, toItem);
}

export interface Stats {
  totalItems: number;
  totalUnits: number;
  /** Σ quantity × unitPrice over the items, in minor units (items without a unitPrice count 0). */
  stockValueMinor: number;
  lowStockCount: number;
  outOfStockCount: number;
  expiringSoonCount: number;
  expiringSoonUnits: number;
  expiredCount: number;
  expiredUnits: number;
}

/**
 * The organization's stock figures in two queries. Products are summed as exact numerics
 * (PostgreSQL numeric; SQLite 64-bit integers), so the value is exact up to 2^53 minor units.
 */
export async function stockStats(db: Db, organizationId: string, module: string | undefined, w: ExpiryWindow): Promise<Stats> {
  let items = db.selectFrom('inventoryItems').where('organizationId', '=', organizationId);
  if (module !== undefined) items = items.where('module', '=', module);
  const totals = await items
    .select((eb) => [
      eb.fn.countAll<number | string>().as('totalItems'),
      sql<string | number>`coalesce(sum("quantity"), 0)`.as('totalUnits'),
      sql<string | number>`coalesce(sum(cast("quantity" as numeric) * "unitPrice"), 0)`.as('stockValue'),
      sql<string | number>`coalesce(sum(case when "minStock" is not null and "quantity" <= "minStock" then 1 else 0 end), 0)`.as('lowStock'),
      sql<string | number>`coalesce(sum(case when "quantity" = 0 then 1 else 0 end), 0)`.as('outOfStock'),
    ])
    .executeTakeFirstOrThrow();

  let batches = db
    .selectFrom('inventoryBatches as b')
    .innerJoin('inventoryItems as i', 'i.id', 'b.inventoryItemId')
    .where('b.organizationId', '=', organizationId)
    .where('b.quantity', '>', 0)
    .where('b.expiryDate', '<=', w.horizon);
  if (module !== undefined) batches = batches.where('i.module', '=', module);
  const soon = sql<boolean>`${sql.ref('b.expiryDate')} >= ${w.today}`;
  const expiry = await batches
    .select([
      sql<string | number>`count(distinct case when ${soon} then ${sql.ref('b.inventoryItemId')} end)`.as('soonItems'),
      sql<string | number>`coalesce(sum(case when ${soon} then ${sql.ref('b.quantity')} else 0 end), 0)`.as('soonUnits'),
      sql<string | number>`count(distinct case when not (${soon}) then ${sql.ref('b.inventoryItemId')} end)`.as('expiredItems'),
      sql<string | number>`coalesce(sum(case when not (${soon}) then ${sql.ref('b.quantity')} else 0 end), 0)`.as('expiredUnits'),
    ])
    .executeTakeFirstOrThrow();

  return {
    totalItems: Number(totals.totalItems),
    totalUnits: Number(totals.totalUnits),
    stockValueMinor: Number(totals.stockValue),
    lowStockCount: Number(totals.lowStock),
    outOfStockCount: Number(totals.outOfStock),
    expiringSoonCount: Number(expiry.soonItems),
    expiringSoonUnits: Number(expiry.soonUnits),
    expiredCount: Number(expiry.expiredItems),
    expiredUnits: Number(expiry.expiredUnits),
  };
}

/** The module whose items form an organization's pharmacy catalogue. */
export const PHARMACY_MODULE = 'pharmacy';

export interface CatalogueQuery {
  /** Contains, case-insensitive, in itemName, genericName or brandName. */
  keyword?: string | undefined;
  /** Contains, case-insensitive, in genericName. */
  genericName?: string | undefined;
  /** Equal, case-insensitive. */
  medicineType?: string | undefined;
  strength?: string | undefined;
  strengthUnit?: string | undefined;
  /** Only items with stock that can be issued (availableStock > 0). */
  inStockOnly?: boolean | undefined;
  /** YYYY-MM-DD in the service zone: batches expiring before it are not available. */
  today: string;
}

/** One catalogue option, as the pharmacy marketplace offers it. Prices are numbers (two decimals). */
export interface CatalogueEntry {
  id: string;
  itemName: string;
  genericName: string | null;
  brandName: string | null;
  medicineType: string | null;
  strength: string | null;
  strengthUnit: string | null;
  unitOfMeasure: string | null;
  hsnCode: string | null;
  productId: string | null;
  variantId: string | null;
  mrp: number | null;
  onlinePrice: number | null;
  offlinePrice: number | null;
  /** onlinePrice, else offlinePrice, else mrp */
  sellingPrice: number | null;
  gstPercentage: number | null;
  /** units in batches that are not expired (what issueStock could give) */
  availableStock: number;
}

const equalsIgnoringCase = (column: string, value: string) => sql<SqlBool>`lower(${sql.ref(column)}) = ${value.trim().toLowerCase()}`;

/**
 * Searches an organization's pharmacy catalogue (items of module `pharmacy`) for the pharmacy
 * marketplace: matching options with available (non-expired) stock and prices, ordered by name.
 */
export async function searchCatalogue(db: Db, organizationId: string, q: CatalogueQuery, page = 1, pageSize = 20): Promise<Page<CatalogueEntry>> {
  const available = sql<number | string>`coalesce((select sum(b."quantity") from "inventoryBatches" b where b."inventoryItemId" = "inventoryItems"."id" and b."quantity" > 0 and (b."expiryDate" is null or b."expiryDate" >= ${q.today})), 0)`;
  let base = db.selectFrom('inventoryItems').where('organizationId', '=', organizationId).where('module', '=', PHARMACY_MODULE);
  const { keyword, genericName } = q;
  if (keyword) base = base.where((eb) => eb.or([containsText('itemName', keyword), containsText('genericName', keyword), containsText('brandName', keyword)]));
  if (genericName) base = base.where(containsText('genericName', genericName));
  if (q.medicineType) base = base.where(equalsIgnoringCase('medicineType', q.medicineType));
  if (q.strength) base = base.where(equalsIgnoringCase('strength', q.strength));
  if (q.strengthUnit) base = base.where(equalsIgnoringCase('strengthUnit', q.strengthUnit));
  if (q.inStockOnly) base = base.where(sql<SqlBool>`${available} > 0`);
  const rows = base.selectAll().select(available.as('availableStock')).orderBy(sql`lower("itemName")`).orderBy('id');
  return pageOfQuery(db, ['inventoryItems', 'inventoryBatches'], base, rows, page, pageSize, toCatalogueEntry);
}

function toCatalogueEntry(row: ItemRow & { availableStock: number | string }): CatalogueEntry {
  const mrp = minorToNumber(row.mrp);
  const onlinePrice = minorToNumber(row.onlinePrice);
  const offlinePrice = minorToNumber(row.offlinePrice);
  return {
    id: row.id,
    itemName: row.itemName,
    genericName: row.genericName,
    brandName: row.brandName,
    medicineType: row.medicineType,
    strength: row.strength,
    strengthUnit: row.strengthUnit,
    unitOfMeasure: row.unitOfMeasure,
    hsnCode: row.hsnCode,
    productId: row.productId,
    variantId: row.variantId,
    mrp,
    onlinePrice,
    offlinePrice,
    sellingPrice: onlinePrice ?? offlinePrice ?? mrp,
    gstPercentage: minorToNumber(row.gstPercentage),
    availableStock: Number(row.availableStock),
  };
}

/** Refuses a stock change that would leave less than nothing: the message carries what is available. */
export function notEnough(available: number, requested: number, what = 'on hand'): AppError {
  return new AppError('INVALID_STATE', `not enough stock: ${available} available ${what}, ${requested} requested`);
}
