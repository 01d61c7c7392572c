import type { Kysely } from 'kysely';

/**
 * auth.resetPassword finds a password-reset code by its hash alone (the client sends only the
 * code; the hash binds purpose and an empty target, see src/namespaces/auth/auth.codes.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('oneTimeCodes_hash').on('oneTimeCodes').columns(['codeHash']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('oneTimeCodes_hash').execute();
}
