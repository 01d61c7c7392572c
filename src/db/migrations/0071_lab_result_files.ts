import { type Kysely } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';

/**
 * Metadata of lab result files (the file itself lives in file storage, named by fileId / fileUrl).
 * Each file belongs to a lab order of the same organization (checked by the operations, held by
 * the foreign key against a concurrent change). fileSize is in bytes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await orgRecord(db.schema.createTable('labResultFiles'))
    .addColumn('labOrderId', col.id, (c) => c.notNull().references('labOrders.id'))
    .addColumn('testName', col.text)
    .addColumn('fileId', col.text, notNull)
    .addColumn('fileUrl', col.text)
    .addColumn('fileName', col.text, notNull)
    .addColumn('fileSize', col.ts, notNull)
    .addColumn('mimeType', col.text, notNull)
    .addColumn('description', col.text)
    .addColumn('uploadedBy', col.text)
    .addColumn('patientIdpUserId', col.text)
    .addColumn('uploadedAt', col.ts, notNull)
    .addColumn('isExternalResult', col.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('uploadedByPatient', col.bool, (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('labResultFiles_org_created').on('labResultFiles').columns(['organizationId', 'createdAt']).execute();
  await db.schema.createIndex('labResultFiles_order').on('labResultFiles').column('labOrderId').execute();
}
