import { type Kysely } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';

/**
 * Payouts of the platform to organizations. Money (grossAmount, commissionAmount, gatewayCharge,
 * payoutCharge, netPayout) is integer minor units; commissionPercent is integer basis points
 * (1 bp = 0.01 %). paymentIds is a JSON array kept as text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await orgRecord(db.schema.createTable('superAdminPayouts'))
    .addColumn('grossAmount', col.ts, notNull)
    .addColumn('commissionPercent', col.int, notNull)
    .addColumn('commissionAmount', col.ts, notNull)
    .addColumn('gatewayCharge', col.ts, notNull)
    .addColumn('payoutCharge', col.ts, notNull)
    .addColumn('netPayout', col.ts, notNull)
    .addColumn('gatewayPayoutId', col.text)
    .addColumn('gatewayFundAccountId', col.text)
    .addColumn('status', col.text, notNull)
    .addColumn('paymentIds', col.json)
    .addColumn('notes', col.text)
    .addColumn('processedByUserId', col.text)
    .addColumn('processedAt', col.ts)
    .execute();
  await db.schema.createIndex('superAdminPayouts_org_created').on('superAdminPayouts').columns(['organizationId', 'createdAt']).execute();
  await db.schema.createIndex('superAdminPayouts_created').on('superAdminPayouts').columns(['createdAt', 'id']).execute();
}
