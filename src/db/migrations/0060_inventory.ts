import { type Kysely, sql } from 'kysely';
import { makeAppendOnly, dropAppendOnly } from './dialect-features.ts';
import { col, notNull, orgRecord } from './columns.ts';

/**
 * Suppliers, inventory items, their batches, and the stock ledger (docs/inventory.md).
 *
 * - Money columns are integer minor units (bigint), percentages basis points (integer).
 * - An item's quantity is the sum of its batches' quantities and of its movements' quantities;
 *   the operations keep the three equal in one transaction. `quantity >= 0` is also a CHECK on
 *   items and batches, so no bug can store negative stock.
 * - inventoryMovements is the ledger: append-only in the database itself (UPDATE and DELETE raise,
 *   and TRUNCATE on PostgreSQL), as auditLog is (0012). It has no foreign key to the item: an item
 *   deleted at zero stock keeps its history.
 * - A batch is identified within its item by `batchKey` (the batch number when there is one, else
 *   lot number and expiry date), unique per item.
 * - productId / variantId are the catalogue's identifiers of an item: variantId unique in the
 *   organization, (productId, variantId) unique in the organization (NULLs are distinct in unique
 *   indexes, hence the coalesce on variantId).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await orgRecord(db.schema.createTable('suppliers'))
    .addColumn('module', col.text)
    .addColumn('name', col.text, notNull)
    .addColumn('contactPerson', col.text)
    .addColumn('phone', col.text)
    .addColumn('email', col.text)
    .addColumn('gstNumber', col.text)
    .addColumn('address', col.text)
    .addColumn('isActive', col.bool, (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.createIndex('suppliers_org_created').on('suppliers').columns(['organizationId', 'createdAt']).execute();

  await orgRecord(db.schema.createTable('inventoryItems'))
    .addColumn('module', col.text)
    .addColumn('itemName', col.text, notNull)
    .addColumn('category', col.text)
    .addColumn('genericName', col.text)
    .addColumn('brandName', col.text)
    .addColumn('unitOfMeasure', col.text)
    .addColumn('hsnCode', col.text)
    .addColumn('gstPercentage', col.int)
    .addColumn('mrp', col.ts)
    .addColumn('onlinePrice', col.ts)
    .addColumn('offlinePrice', col.ts)
    .addColumn('supplierId', col.id, (c) => c.references('suppliers.id'))
    .addColumn('supplierName', col.text)
    .addColumn('quantity', col.int, (c) => c.notNull().defaultTo(0).check(sql`"quantity" >= 0`))
    .addColumn('unitPrice', col.ts)
    .addColumn('minStock', col.int)
    .addColumn('maxStock', col.int)
    .addColumn('locationId', col.text)
    .addColumn('locationName', col.text)
    .addColumn('batchId', col.id)
    .addColumn('batchNumber', col.text)
    .addColumn('lotNumber', col.text)
    .addColumn('expiryDate', col.text)
    .addColumn('productId', col.text)
    .addColumn('variantId', col.text)
    .addColumn('medicineType', col.text)
    .addColumn('strength', col.text)
    .addColumn('strengthUnit', col.text)
    .addColumn('lowStockEpisode', col.int, (c) => c.notNull().defaultTo(0))
    .addColumn('lowStockOpen', col.bool, (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint('inventoryItems_org_variant', ['organizationId', 'variantId'])
    .execute();
  await sql`create unique index "inventoryItems_org_product" on "inventoryItems" ("organizationId", "productId", coalesce("variantId", ''))`.execute(db);
  await db.schema.createIndex('inventoryItems_org_created').on('inventoryItems').columns(['organizationId', 'createdAt']).execute();
  await db.schema.createIndex('inventoryItems_org_module').on('inventoryItems').columns(['organizationId', 'module']).execute();
  await db.schema.createIndex('inventoryItems_supplier').on('inventoryItems').column('supplierId').execute();

  await orgRecord(db.schema.createTable('inventoryBatches'))
    .addColumn('inventoryItemId', col.id, (c) => c.notNull().references('inventoryItems.id'))
    .addColumn('batchKey', col.text, notNull)
    .addColumn('batchNumber', col.text)
    .addColumn('lotNumber', col.text)
    .addColumn('expiryDate', col.text)
    .addColumn('quantity', col.int, (c) => c.notNull().defaultTo(0).check(sql`"quantity" >= 0`))
    .addColumn('purchasePrice', col.ts)
    .addColumn('supplierId', col.text)
    .addColumn('receivedAt', col.ts)
    .addColumn('expiryAlertedFor', col.text)
    .addUniqueConstraint('inventoryBatches_item_key', ['inventoryItemId', 'batchKey'])
    .execute();
  await db.schema.createIndex('inventoryBatches_org_expiry').on('inventoryBatches').columns(['organizationId', 'expiryDate']).execute();

  await db.schema
    .createTable('inventoryMovements')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('organizationId', col.id, notNull)
    .addColumn('inventoryItemId', col.id, notNull)
    .addColumn('batchId', col.id, notNull)
    .addColumn('transactionId', col.id, notNull)
    .addColumn('type', col.text, notNull)
    .addColumn('quantity', col.int, notNull)
    .addColumn('balanceAfter', col.int, notNull)
    .addColumn('batchNumber', col.text)
    .addColumn('lotNumber', col.text)
    .addColumn('expiryDate', col.text)
    .addColumn('unitPrice', col.ts)
    .addColumn('purchasePrice', col.ts)
    .addColumn('supplierId', col.text)
    .addColumn('issuedToId', col.text)
    .addColumn('issuedToName', col.text)
    .addColumn('issuedToType', col.text)
    .addColumn('departmentId', col.text)
    .addColumn('originalTransactionId', col.text)
    .addColumn('reason', col.text)
    .addColumn('notes', col.text)
    .addColumn('locationId', col.text)
    .addColumn('performedBy', col.text)
    .addColumn('transactionAt', col.ts, notNull)
    .addColumn('createdAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('inventoryMovements_item_created').on('inventoryMovements').columns(['inventoryItemId', 'createdAt']).execute();
  await db.schema.createIndex('inventoryMovements_org_created').on('inventoryMovements').columns(['organizationId', 'createdAt']).execute();

  await makeAppendOnly(db, 'inventoryMovements');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAppendOnly(db, 'inventoryMovements');
  await db.schema.dropTable('inventoryMovements').execute();
  await db.schema.dropTable('inventoryBatches').execute();
  await db.schema.dropTable('inventoryItems').execute();
  await db.schema.dropTable('suppliers').execute();
}
