import { sql, type Kysely } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';

const COLUMNS = ['id', 'organizationId', 'createdAt', 'updatedAt', 'admissionId', 'patientId', 'event', 'performedByUserId', 'performedByRole', 'notes', 'source'];

/**
 * The log of an admission outlives it (CONTRACT section 10: system log rows are never deleted): the
 * foreign key from `admissionLogs.admissionId` to admissions goes, so that deleting a never-admitted
 * admission keeps its rows and adds one saying so. The table is rebuilt with its rows, since SQLite
 * cannot drop a foreign key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, false);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from "admissionLogs" where "admissionId" not in (select "id" from "admissions")`.execute(db);
  await rebuild(db, true);
}

async function rebuild(db: Kysely<unknown>, withForeignKey: boolean): Promise<void> {
  await db.schema.alterTable('admissionLogs').renameTo('admissionLogsOld').execute();
  await db.schema.dropIndex('admissionLogs_admission').execute();
  await db.schema.dropIndex('admissionLogs_org_created').execute();
  await orgRecord(db.schema.createTable('admissionLogs'))
    .addColumn('admissionId', col.id, (c) => (withForeignKey ? c.notNull().references('admissions.id') : c.notNull()))
    .addColumn('patientId', col.id, notNull)
    .addColumn('event', col.text, notNull)
    .addColumn('performedByUserId', col.id)
    .addColumn('performedByRole', col.text)
    .addColumn('notes', col.text)
    .addColumn('source', col.text, (c) => c.notNull().defaultTo('manual'))
    .execute();
  const columns = sql.join(COLUMNS.map((c) => sql.ref(c)));
  await sql`insert into "admissionLogs" (${columns}) select ${columns} from "admissionLogsOld"`.execute(db);
  await db.schema.dropTable('admissionLogsOld').execute();
  await db.schema.createIndex('admissionLogs_admission').on('admissionLogs').columns(['admissionId', 'createdAt']).execute();
  await db.schema.createIndex('admissionLogs_org_created').on('admissionLogs').columns(['organizationId', 'createdAt']).execute();
}
