import type { Kysely } from 'kysely';
import { col } from './columns.ts';

/**
 * An invitation sent by email (users.inviteByEmail) to a person who may have no account yet: the
 * hash of the single-use code mailed to the address. Whoever proves the address (holds the code)
 * takes the invitation with their own token (docs/identity.md, "Invitations and consent").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('invitationCodeHash', col.text).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('invitationCodeHash').execute();
}
