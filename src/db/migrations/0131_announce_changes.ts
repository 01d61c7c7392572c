import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect-features.ts';
import { up as announceUsersChanges } from './0092_users_change_notify.ts';

/** The channel a change to one of the announced tables is announced on (PostgreSQL), with `schema.table`. */
export const CHANGES_CHANNEL = 'healthops_changed';

/**
 * The tables whose rows processes remember between requests (src/db/table-cache.ts, the caller
 * cache): who a token's subject is, an organization's clock and settings, its webhook
 * subscriptions, a doctor's schedules.
 */
const ANNOUNCED = ['users', 'identities', 'organizations', 'webhookSubscriptions', 'practitionerSchedules'];

/**
 * PostgreSQL: every statement that changes an announced table sends its name on CHANGES_CHANNEL,
 * delivered to every listening process when the transaction commits (replaces the triggers of
 * 0092 and 0093 on users and identities). SQLite needs nothing: another process's commit shows in `PRAGMA data_version`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger identities_announce_change on identities`.execute(db);
  await sql`drop trigger users_announce_change on users`.execute(db);
  await sql`drop function users_announce_change()`.execute(db);
  await sql`
    create function healthops_announce_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
      return null;
    end;
    $$`.execute(db);
  for (const table of ANNOUNCED) {
    await sql`
      create trigger ${sql.id(`${table}_announce_change`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function healthops_announce_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of ANNOUNCED) await sql`drop trigger ${sql.id(`${table}_announce_change`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function healthops_announce_change()`.execute(db);
  await announceUsersChanges(db);
  await sql`
    create trigger identities_announce_change after insert or update or delete or truncate on identities
    for each statement execute function users_announce_change()`.execute(db);
}
