import type { Kysely } from 'kysely';
import { dropAppendOnly, makeAppendOnly } from './dialect-features.ts';

/** The audit trail is append-only in the database itself. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await makeAppendOnly(db, 'auditLog');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAppendOnly(db, 'auditLog');
}
