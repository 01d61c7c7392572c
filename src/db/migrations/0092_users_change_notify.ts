import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect-features.ts';

/** The channel a change to `users` is announced on (PostgreSQL): processes drop the callers they remember (src/caller/caller-cache.ts). */
export const USERS_CHANNEL = 'healthops_users_changed';

/**
 * PostgreSQL: every statement that changes `users` announces it with NOTIFY, which is delivered
 * to every listening process when the transaction commits. SQLite needs nothing: another
 * process's commit shows in `PRAGMA data_version`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function users_announce_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(USERS_CHANNEL)}, '');
      return null;
    end;
    $$`.execute(db);
  await sql`
    create trigger users_announce_change after insert or update or delete or truncate on users
    for each statement execute function users_announce_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger users_announce_change on users`.execute(db);
  await sql`drop function users_announce_change()`.execute(db);
}
