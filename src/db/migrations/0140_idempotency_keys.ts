import type { Kysely } from 'kysely';
import { col, notNull } from './columns.ts';

/**
 * The answers of writes sent with an Idempotency-Key (src/rpc/idempotency.ts; docs/api.md,
 * "Idempotency keys"): one row per caller and key, kept a day, so that a retried write is answered
 * as the first one was instead of being done again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotencyKeys')
    .addColumn('scope', col.text, notNull)
    .addColumn('key', col.text, notNull)
    .addColumn('operation', col.text, notNull)
    .addColumn('fingerprint', col.text, notNull)
    .addColumn('answer', col.json)
    .addColumn('lockedUntil', col.ts)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('expiresAt', col.ts, notNull)
    .addPrimaryKeyConstraint('idempotencyKeys_pk', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('idempotencyKeys_expires').on('idempotencyKeys').column('expiresAt').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotencyKeys').execute();
}
