import { sql, type Kysely } from 'kysely';
import { col, notNull } from './columns.ts';

/**
 * Admissions (docs/admissions.md): the stage of the lifecycle in its own column, while `status` may
 * be any label within it, and the payments recorded against an admission (refunds negative), from
 * which the balance is computed. Existing rows take their status when it is a known one; a label
 * takes the stage its times imply.
 */
const KNOWN = ['REQUESTED', 'ADMITTED', 'DISCHARGE_REQUESTED', 'DISCHARGED', 'CANCELLED'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admissions').addColumn('stage', col.text, (c) => c.notNull().defaultTo(sql.lit('REQUESTED'))).execute();
  await sql`update admissions set stage = status where status in (${sql.join(KNOWN)})`.execute(db);
  await sql`update admissions set stage = case
      when "dischargeRequestedAt" is not null then 'DISCHARGE_REQUESTED'
      when "admittedAt" is not null then 'ADMITTED'
      else 'REQUESTED' end
    where status not in (${sql.join(KNOWN)})`.execute(db);

  await db.schema
    .createTable('admissionPayments')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('organizationId', col.id, notNull)
    .addColumn('admissionId', col.id, notNull)
    .addColumn('patientId', col.id, notNull)
    .addColumn('amount', col.ts, notNull)
    .addColumn('method', col.text, notNull)
    .addColumn('reference', col.text)
    .addColumn('reason', col.text)
    .addColumn('refundOf', col.id)
    .addColumn('receivedByUserId', col.id)
    .addColumn('receivedAt', col.ts, notNull)
    .addColumn('createdAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('admissionPayments_admission').on('admissionPayments').columns(['organizationId', 'admissionId', 'receivedAt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admissionPayments').execute();
  await db.schema.alterTable('admissions').dropColumn('stage').execute();
}
