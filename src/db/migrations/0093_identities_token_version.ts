import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect-features.ts';

/**
 * identities.tokenVersion: access tokens carry the version current when they were issued and are
 * refused once it has moved on, so that setting a new password ends the sessions of the old one
 * (docs/identity.md). On PostgreSQL a change to identities is announced like one to users (0092),
 * so that processes drop the callers they remember.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('identities')
    .addColumn('tokenVersion', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (!isPostgres(db)) return;
  await sql`
    create trigger identities_announce_change after insert or update or delete or truncate on identities
    for each statement execute function users_announce_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`drop trigger identities_announce_change on identities`.execute(db);
  await db.schema.alterTable('identities').dropColumn('tokenVersion').execute();
}
