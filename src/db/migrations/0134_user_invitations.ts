import type { Kysely } from 'kysely';
import { col } from './columns.ts';

/**
 * A user record that names another person's identity is an invitation until that person accepts
 * it with their own token (CONTRACT.md section 6, "Consent"; docs/identity.md, "Invitations").
 * `invitationStatus`: `accepted` (a membership), `pending` (grants and imposes nothing yet),
 * `declined`. Records made before invitations existed stay what they were: accepted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('invitationStatus', col.text, (c) => c.notNull().defaultTo('accepted'))
    .execute();
  await db.schema.alterTable('users').addColumn('invitedBy', col.text).execute();
  await db.schema.alterTable('users').addColumn('invitedAt', col.ts).execute();
  await db.schema.alterTable('users').addColumn('invitationExpiresAt', col.ts).execute();
  await db.schema.alterTable('users').addColumn('respondedAt', col.ts).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['respondedAt', 'invitationExpiresAt', 'invitedAt', 'invitedBy', 'invitationStatus']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
