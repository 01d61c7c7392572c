import type { Kysely } from 'kysely';
import { col } from './columns.ts';

/**
 * A credit note that records a refund (admissions.refundPayment) keeps the refund's amount: money
 * given back, which the invoice's balance counts (docs/billing.md, "Receipts and credit notes").
 * Adding a column fires no trigger: the table stays append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('billingDocuments').addColumn('refunded', col.ts).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('billingDocuments').dropColumn('refunded').execute();
}
