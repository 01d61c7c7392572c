import type { Kysely } from 'kysely';
import { col, notNull } from './columns.ts';

/**
 * rateLimitCounters: the counts of the rate limits (src/rpc/rate-limits.ts), kept in the database so
 * that every process of a deployment counts against one number. `key` is the limit's name and what
 * it counts (an identifier or an address); `expiresAt` ends the window (null: never).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rateLimitCounters')
    .addColumn('key', col.text, (c) => c.primaryKey())
    .addColumn('points', col.int, notNull)
    .addColumn('expiresAt', col.ts)
    .execute();
  await db.schema.createIndex('rateLimitCounters_expiresAt').on('rateLimitCounters').column('expiresAt').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rateLimitCounters').execute();
}
