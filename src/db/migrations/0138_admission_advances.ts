import { sql, type Kysely } from 'kysely';
import { col, notNull } from './columns.ts';

/**
 * The advance of an admission as a ledger (docs/admissions.md, "The advance"): every change of
 * `advanceAmount` is a row (who, when, how much, why; a lowering negative), and the discharge gate
 * reads these rows, not the column. Existing advances become one row each, dated when they were paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admissionAdvances')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('organizationId', col.id, notNull)
    .addColumn('admissionId', col.id, notNull)
    .addColumn('patientId', col.id, notNull)
    .addColumn('amount', col.ts, notNull)
    .addColumn('method', col.text)
    .addColumn('reference', col.text)
    .addColumn('reason', col.text, notNull)
    .addColumn('recordedByUserId', col.id)
    .addColumn('recordedAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('admissionAdvances_admission').on('admissionAdvances').columns(['organizationId', 'admissionId', 'recordedAt']).execute();
  await sql`insert into "admissionAdvances" ("id", "organizationId", "admissionId", "patientId", "amount", "method", "reference", "reason", "recordedByUserId", "recordedAt")
    select 'advance-' || "id", "organizationId", "id", "patientId", "advanceAmount", "advancePaymentMethod", "advanceTransactionId", 'advance recorded before the ledger',
      "advanceCollectedByUserId", coalesce("advancePaidAt", "createdAt")
    from "admissions" where "advanceAmount" is not null and "advanceAmount" <> 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admissionAdvances').execute();
}
