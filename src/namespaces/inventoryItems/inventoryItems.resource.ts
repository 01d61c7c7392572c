import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import type { Selectable } from 'kysely';
import { validationFailed } from '../../values/errors.ts';
import { id, str } from '../../values/fields.ts';
import type { Context } from '../../operations/operation.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { findSupplier } from '../suppliers/suppliers.public.ts';
import type { InventoryItemsTable } from './inventoryItems.table.ts';

export type ItemRow = Selectable<InventoryItemsTable>;

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
const count = () => z.int().min(0).max(MAX_STOCK);

/** Batch details as the API takes them: trimmed, non-empty. */
export const batchNumber = () => text(100);
export const lotNumber = () => text(100);
/** The largest stock an item or a batch can hold (a 32-bit integer column). */
export const MAX_STOCK = 2_147_483_647;

/**
 * The supplier must be the organization's own (VALIDATION_FAILED on supplierId otherwise, never a
 * hint that it exists elsewhere). supplierName follows the supplier when the supplier changes and
 * the input does not give a name of its own. maxStock, when both are set, is not below minStock.
 */
async function prepare(record: ItemRecord, ctx: Context, current?: ItemRecord): Promise<ItemRecord> {
  const next = { ...record };
  const supplierId = next.supplierId;
  if (supplierId !== (current?.supplierId ?? null)) {
    const nameGiven = current ? next.supplierName !== current.supplierName : next.supplierName !== null;
    if (supplierId) {
      const supplier = await findSupplier(ctx.db, next.organizationId, supplierId);
      if (!supplier) throw validationFailed('supplierId', 'no such supplier in this organization');
      if (!nameGiven) next.supplierName = supplier.name;
    } else if (!nameGiven) {
      next.supplierName = null;
    }
  }
  const min = next.minStock;
  const max = next.maxStock;
  if (min !== null && max !== null && max < min) throw validationFailed('maxStock', `must not be below minStock (${min})`);
  return next;
}

/**
 * Inventory items. The generator gives the schemas and the row <-> record mapping (money as
 * integer minor units, gstPercentage as basis points); every operation is written by hand because
 * stock goes through the ledger (inventoryItems.stock.ts). Extensions beyond the interface's fields: productId,
 * variantId (the catalogue's identifiers), medicineType, strength, strengthUnit (pharmacy
 * catalogue matching) and the read-only batchId (the batch the batch fields describe).
 */
export const inventoryItems = defineResource({
  namespace: 'inventoryItems', audience: member(),
  table: 'inventoryItems',
  scope: 'organization',
  fields: {
    module: { kind: 'string', schema: text(100) },
    itemName: { kind: 'string', required: true, schema: text(200) },
    category: { kind: 'string', schema: str().max(200) },
    genericName: { kind: 'string', schema: str().max(200) },
    brandName: { kind: 'string', schema: str().max(200) },
    unitOfMeasure: { kind: 'string', schema: str().max(50) },
    hsnCode: { kind: 'string', schema: str().trim().max(32) },
    gstPercentage: { kind: 'percent' },
    mrp: { kind: 'money' },
    onlinePrice: { kind: 'money' },
    offlinePrice: { kind: 'money' },
    supplierId: { kind: 'string', schema: id() },
    supplierName: { kind: 'string', schema: str().max(200) },
    quantity: { kind: 'int', schema: count(), default: 0 },
    unitPrice: { kind: 'money' },
    minStock: { kind: 'int', schema: count() },
    maxStock: { kind: 'int', schema: count() },
    locationId: { kind: 'string', schema: id() },
    locationName: { kind: 'string', schema: str().max(200) },
    batchNumber: { kind: 'string', schema: text(100) },
    lotNumber: { kind: 'string', schema: text(100) },
    expiryDate: { kind: 'date' },
    productId: { kind: 'string', schema: id() },
    variantId: { kind: 'string', schema: id() },
    medicineType: { kind: 'string', schema: str().trim().max(100) },
    strength: { kind: 'string', schema: str().trim().max(100) },
    strengthUnit: { kind: 'string', schema: str().trim().max(50) },
  },
  /** The alert state (alerts.ts): stored on the row, never part of the record. */
  internal: ['lowStockEpisode', 'lowStockOpen'],
  generate: [],
  prepare,
});

export type ItemRecord = ResourceRecord<'inventoryItems', 'lowStockEpisode' | 'lowStockOpen'>;

/** The API record of an item row: every field, money as numbers, no internal columns. */
export const toItem = (row: ItemRow): ItemRecord => inventoryItems.repo.toRecord(row);

/** Stock and batch fields that create and update do not write directly (they go through the ledger). */
export const STOCK_FIELDS = ['quantity', 'batchNumber', 'lotNumber', 'expiryDate'] as const;
