import type { Kysely } from 'kysely';
import { col, notNull } from './columns.ts';
import { dropAppendOnly, makeAppendOnly } from './dialect-features.ts';

/**
 * Billing documents (docs/billing.md): tax invoices, bills of supply, receipts and credit notes,
 * numbered per organization, series and financial year, and never changed once issued: the
 * documents, their lines and their cancellations are append-only (triggers on both databases). A
 * document's status is read from its cancellation. Services gain their SAC code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billingDocuments')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('organizationId', col.id, notNull)
    .addColumn('kind', col.text, notNull)
    .addColumn('series', col.text, notNull)
    .addColumn('financialYear', col.text, notNull)
    .addColumn('sequence', col.int, notNull)
    .addColumn('number', col.text, notNull)
    .addColumn('issueDate', col.text, notNull)
    .addColumn('issuedAt', col.ts, notNull)
    .addColumn('issuedByUserId', col.id)
    .addColumn('issuedByName', col.text)
    .addColumn('sourceType', col.text, notNull)
    .addColumn('sourceId', col.id, notNull)
    .addColumn('againstId', col.id)
    .addColumn('patientId', col.id)
    .addColumn('subject', col.text)
    .addColumn('seller', col.json, notNull)
    .addColumn('buyer', col.json, notNull)
    .addColumn('taxRegime', col.text, notNull)
    .addColumn('placeOfSupply', col.text)
    .addColumn('gross', col.ts, notNull)
    .addColumn('discount', col.ts, notNull)
    .addColumn('taxable', col.ts, notNull)
    .addColumn('exempt', col.ts, notNull)
    .addColumn('cgst', col.ts, notNull)
    .addColumn('sgst', col.ts, notNull)
    .addColumn('igst', col.ts, notNull)
    .addColumn('tax', col.ts, notNull)
    .addColumn('total', col.ts, notNull)
    .addColumn('roundOff', col.ts, notNull)
    .addColumn('grandTotal', col.ts, notNull)
    .addColumn('paidBefore', col.ts, notNull)
    .addColumn('method', col.text)
    .addColumn('reference', col.text)
    .addColumn('notes', col.json)
    .addColumn('createdAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('billingDocuments_number').unique().on('billingDocuments').columns(['organizationId', 'series', 'financialYear', 'sequence']).execute();
  await db.schema.createIndex('billingDocuments_issued').on('billingDocuments').columns(['organizationId', 'issuedAt']).execute();
  await db.schema.createIndex('billingDocuments_source').on('billingDocuments').columns(['organizationId', 'sourceType', 'sourceId']).execute();
  await db.schema.createIndex('billingDocuments_against').on('billingDocuments').columns(['organizationId', 'againstId']).execute();
  await db.schema.createIndex('billingDocuments_patient').on('billingDocuments').columns(['organizationId', 'patientId', 'issuedAt']).execute();

  await db.schema
    .createTable('billingDocumentLines')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('organizationId', col.id, notNull)
    .addColumn('documentId', col.id, notNull)
    .addColumn('position', col.int, notNull)
    .addColumn('description', col.text, notNull)
    .addColumn('code', col.text)
    .addColumn('quantity', col.real, notNull)
    .addColumn('unitPrice', col.ts, notNull)
    .addColumn('discount', col.ts, notNull)
    .addColumn('taxRate', col.int, notNull)
    .addColumn('exempt', col.bool, notNull)
    .addColumn('gross', col.ts, notNull)
    .addColumn('taxable', col.ts, notNull)
    .addColumn('cgst', col.ts, notNull)
    .addColumn('sgst', col.ts, notNull)
    .addColumn('igst', col.ts, notNull)
    .addColumn('total', col.ts, notNull)
    .addColumn('sourceType', col.text, notNull)
    .addColumn('sourceId', col.id, notNull)
    .execute();
  await db.schema.createIndex('billingDocumentLines_document').on('billingDocumentLines').columns(['documentId', 'position']).execute();
  await db.schema.createIndex('billingDocumentLines_source').on('billingDocumentLines').columns(['organizationId', 'sourceType', 'sourceId']).execute();

  await db.schema
    .createTable('billingCancellations')
    .addColumn('documentId', col.id, (c) => c.primaryKey())
    .addColumn('organizationId', col.id, notNull)
    .addColumn('reason', col.text, notNull)
    .addColumn('cancelledByUserId', col.id)
    .addColumn('cancelledAt', col.ts, notNull)
    .execute();

  await db.schema
    .createTable('billingCounters')
    .addColumn('organizationId', col.id, notNull)
    .addColumn('series', col.text, notNull)
    .addColumn('financialYear', col.text, notNull)
    .addColumn('lastSequence', col.int, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .addPrimaryKeyConstraint('billingCounters_pk', ['organizationId', 'series', 'financialYear'])
    .execute();

  for (const table of ['billingDocuments', 'billingDocumentLines', 'billingCancellations']) await makeAppendOnly(db, table);
  await db.schema.alterTable('services').addColumn('sacCode', col.text).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('services').dropColumn('sacCode').execute();
  for (const table of ['billingDocuments', 'billingDocumentLines', 'billingCancellations']) await dropAppendOnly(db, table);
  for (const table of ['billingCounters', 'billingCancellations', 'billingDocumentLines', 'billingDocuments']) await db.schema.dropTable(table).execute();
}
