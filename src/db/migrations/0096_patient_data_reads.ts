import type { Kysely } from 'kysely';
import { col, notNull } from './columns.ts';
import { dropAppendOnly, makeAppendOnly } from './dialect-features.ts';

/**
 * The read log of patient data (docs/access.md, "The read log"): one row per read, and one row per
 * patient a read touched in `patientDataReadPatients`. The patient ids are kept as JSON text too
 * (what was read, as read), but looked up through the second table: an index on a text column
 * holding a JSON array serves neither SQLite nor PostgreSQL, and a plain (patientId, at) index does.
 * Both tables are append-only in the database itself, like the audit trail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('patientDataReads')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('at', col.ts, notNull)
    .addColumn('actorIdpUserId', col.text, notNull)
    .addColumn('operation', col.text, notNull)
    .addColumn('organizationId', col.id)
    .addColumn('recordIds', col.json, notNull)
    .addColumn('patientIds', col.json, notNull)
    .addColumn('requestId', col.text)
    .addColumn('ip', col.text)
    .execute();
  await db.schema.createIndex('patientDataReads_org_at').on('patientDataReads').columns(['organizationId', 'at']).execute();
  await db.schema.createIndex('patientDataReads_at').on('patientDataReads').column('at').execute();
  await db.schema.createIndex('patientDataReads_actor_at').on('patientDataReads').columns(['actorIdpUserId', 'at']).execute();

  await db.schema
    .createTable('patientDataReadPatients')
    .addColumn('readId', col.id, notNull)
    .addColumn('patientId', col.id, notNull)
    .addColumn('organizationId', col.id)
    .addColumn('at', col.ts, notNull)
    .addPrimaryKeyConstraint('patientDataReadPatients_pk', ['readId', 'patientId'])
    .execute();
  await db.schema.createIndex('patientDataReadPatients_patient_at').on('patientDataReadPatients').columns(['patientId', 'at']).execute();

  await makeAppendOnly(db, 'patientDataReads');
  await makeAppendOnly(db, 'patientDataReadPatients');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAppendOnly(db, 'patientDataReadPatients');
  await dropAppendOnly(db, 'patientDataReads');
  await db.schema.dropTable('patientDataReadPatients').execute();
  await db.schema.dropTable('patientDataReads').execute();
}
