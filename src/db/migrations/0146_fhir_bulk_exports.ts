import type { Kysely } from 'kysely';
import { col, notNull } from './columns.ts';

/**
 * FHIR Bulk Data exports (docs/fhir.md, "Bulk Data export"): one row per export (its request, and
 * where its writing is: the type and the last id written), and its files as pages of NDJSON lines,
 * each written in the transaction that moves the export's progress past it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fhirBulkExports')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('organizationId', col.id, notNull)
    .addColumn('requestedBy', col.text, notNull)
    .addColumn('level', col.text, notNull)
    .addColumn('request', col.text, notNull)
    .addColumn('types', col.json, notNull)
    .addColumn('since', col.ts)
    .addColumn('transactionTime', col.ts, notNull)
    .addColumn('state', col.text, notNull)
    .addColumn('typeIndex', col.int, notNull)
    .addColumn('cursor', col.text)
    .addColumn('pages', col.int, notNull)
    .addColumn('written', col.int, notNull)
    .addColumn('attempts', col.int, notNull)
    .addColumn('dueAt', col.ts, notNull)
    .addColumn('lockedUntil', col.ts)
    .addColumn('error', col.text)
    .addColumn('completedAt', col.ts)
    .addColumn('expiresAt', col.ts)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('fhirBulkExports_due').on('fhirBulkExports').columns(['state', 'dueAt']).execute();
  await db.schema.createIndex('fhirBulkExports_expiry').on('fhirBulkExports').columns(['expiresAt']).execute();
  await db.schema.createIndex('fhirBulkExports_organization').on('fhirBulkExports').columns(['organizationId', 'state']).execute();
  await db.schema
    .createTable('fhirBulkExportPages')
    .addColumn('exportId', col.id, notNull)
    .addColumn('organizationId', col.id, notNull)
    .addColumn('type', col.text, notNull)
    .addColumn('seq', col.int, notNull)
    .addColumn('lines', col.text, notNull)
    .addColumn('count', col.int, notNull)
    .addColumn('reads', col.json, notNull)
    .addPrimaryKeyConstraint('fhirBulkExportPages_pk', ['exportId', 'type', 'seq'])
    .execute();
  // The export reads each table an organization's rows at a time in id order (keyset): a page is
  // then a range of this index, not a sort of all the organization's rows.
  for (const table of KEYSET_TABLES) await db.schema.createIndex(`${table}_org_id`).ifNotExists().on(table).columns(['organizationId', 'id']).execute();
}

const KEYSET_TABLES = ['patients', 'users', 'appointments', 'admissions'] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of KEYSET_TABLES) await db.schema.dropIndex(`${table}_org_id`).ifExists().execute();
  await db.schema.dropTable('fhirBulkExportPages').execute();
  await db.schema.dropTable('fhirBulkExports').execute();
}
