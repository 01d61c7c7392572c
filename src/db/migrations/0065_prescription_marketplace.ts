import type { Kysely } from 'kysely';
import { col, notNull } from './columns.ts';

/**
 * The prescription marketplace (docs/marketplace.md): a patient's request with its medicine lines,
 * its broadcasts (one per pharmacy organization that received it), and the pharmacies' quotes with
 * their lines.
 *
 * - Money columns are integer minor units (bigint).
 * - One broadcast per (request, pharmacy); one quote per broadcast (the draft, then the submitted quote).
 * - `prescriptionRequests.organizationId` is the pharmacy the patient named (null: broadcast by
 *   distance); the request belongs to the patient (`patientId` = the person's idpUserId).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('prescriptionRequests')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('patientId', col.text, notNull)
    .addColumn('organizationId', col.id)
    .addColumn('organizationBranchId', col.text)
    .addColumn('addressId', col.text)
    .addColumn('uploadedFileUrl', col.text, notNull)
    .addColumn('latitude', col.real)
    .addColumn('longitude', col.real)
    .addColumn('radiusKm', col.real)
    .addColumn('status', col.text, notNull)
    .addColumn('acceptedQuoteId', col.id)
    .addColumn('acceptedAt', col.ts)
    .addColumn('cancelledAt', col.ts)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('prescriptionRequests_patient_created').on('prescriptionRequests').columns(['patientId', 'createdAt']).execute();

  await db.schema
    .createTable('prescriptionRequestItems')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('prescriptionRequestId', col.id, (c) => c.notNull().references('prescriptionRequests.id'))
    .addColumn('position', col.int, notNull)
    .addColumn('medicineName', col.text, notNull)
    .addColumn('medicineType', col.text)
    .addColumn('strength', col.text)
    .addColumn('strengthUnit', col.text)
    .addColumn('quantity', col.int, notNull)
    .addColumn('notes', col.text)
    .addColumn('productIds', col.json, notNull)
    .addColumn('createdAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('prescriptionRequestItems_request').on('prescriptionRequestItems').columns(['prescriptionRequestId', 'position']).execute();

  await db.schema
    .createTable('prescriptionBroadcasts')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('prescriptionRequestId', col.id, (c) => c.notNull().references('prescriptionRequests.id'))
    .addColumn('organizationId', col.id, notNull)
    .addColumn('organizationBranchId', col.text)
    .addColumn('distanceKm', col.real)
    .addColumn('status', col.text, notNull)
    .addColumn('rejectionReason', col.text)
    .addColumn('viewedAt', col.ts)
    .addColumn('respondedAt', col.ts)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .addUniqueConstraint('prescriptionBroadcasts_request_org', ['prescriptionRequestId', 'organizationId'])
    .execute();
  await db.schema.createIndex('prescriptionBroadcasts_org_created').on('prescriptionBroadcasts').columns(['organizationId', 'createdAt']).execute();

  await db.schema
    .createTable('prescriptionQuotes')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('organizationId', col.id, notNull)
    .addColumn('organizationBranchId', col.text)
    .addColumn('prescriptionRequestId', col.id, (c) => c.notNull().references('prescriptionRequests.id'))
    .addColumn('broadcastId', col.id, (c) => c.notNull().unique().references('prescriptionBroadcasts.id'))
    .addColumn('status', col.text, notNull)
    .addColumn('currency', col.text, notNull)
    .addColumn('itemsTotal', col.ts, notNull)
    .addColumn('discount', col.ts, notNull)
    .addColumn('deliveryCharge', col.ts, notNull)
    .addColumn('tax', col.ts, notNull)
    .addColumn('grandTotal', col.ts, notNull)
    .addColumn('remarks', col.text)
    .addColumn('submittedAt', col.ts)
    .addColumn('decidedAt', col.ts)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('prescriptionQuotes_request').on('prescriptionQuotes').columns(['prescriptionRequestId', 'status']).execute();

  await db.schema
    .createTable('prescriptionQuoteItems')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('quoteId', col.id, (c) => c.notNull().references('prescriptionQuotes.id'))
    .addColumn('organizationId', col.id, notNull)
    .addColumn('position', col.int, notNull)
    .addColumn('productId', col.id)
    .addColumn('requestedMedicineName', col.text)
    .addColumn('quantity', col.int, notNull)
    .addColumn('mrp', col.ts)
    .addColumn('sellingPrice', col.ts)
    .addColumn('finalPrice', col.ts, notNull)
    .addColumn('available', col.bool, notNull)
    .addColumn('substituteProductId', col.id)
    .addColumn('remarks', col.text)
    .addColumn('productName', col.text)
    .addColumn('substituteProductName', col.text)
    .addColumn('createdAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('prescriptionQuoteItems_quote').on('prescriptionQuoteItems').columns(['quoteId', 'position']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['prescriptionQuoteItems', 'prescriptionQuotes', 'prescriptionBroadcasts', 'prescriptionRequestItems', 'prescriptionRequests']) {
    await db.schema.dropTable(table).execute();
  }
}
