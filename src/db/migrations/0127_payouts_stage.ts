import { sql, type Kysely } from 'kysely';
import { col } from './columns.ts';

/**
 * The stage of a payout's lifecycle in its own column (docs/payouts-and-salon.md), while `status`
 * may be any label within it. Existing rows take the stage their status names (any case,
 * PROCESSED as PAID), else REQUESTED (a label counted as pending, as before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('superAdminPayouts').addColumn('stage', col.text, (c) => c.notNull().defaultTo(sql.lit('REQUESTED'))).execute();
  await sql`update "superAdminPayouts" set stage = case upper(trim(status))
      when 'PROCESSED' then 'PAID'
      when 'APPROVED' then 'APPROVED' when 'PROCESSING' then 'PROCESSING' when 'PAID' then 'PAID'
      when 'REJECTED' then 'REJECTED' when 'FAILED' then 'FAILED' when 'CANCELLED' then 'CANCELLED'
      else 'REQUESTED' end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('superAdminPayouts').dropColumn('stage').execute();
}
