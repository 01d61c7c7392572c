import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The audit trail is append-only in the database itself: UPDATE and DELETE of auditLog rows raise
 * an error (and TRUNCATE on PostgreSQL). The two databases write triggers differently, so the
 * migration asks Kysely which adapter it runs on (the same object that generates the SQL): no
 * probe query is needed, and a failed probe would abort PostgreSQL's migration transaction.
 */
const MESSAGE = 'auditLog is append-only';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      create function "auditLog_append_only"() returns trigger language plpgsql as $$
      begin
        raise exception '${sql.raw(MESSAGE)}' using errcode = 'restrict_violation';
      end;
      $$`.execute(db);
    await sql`
      create trigger "auditLog_no_update_delete" before update or delete on "auditLog"
      for each row execute function "auditLog_append_only"()`.execute(db);
    await sql`
      create trigger "auditLog_no_truncate" before truncate on "auditLog"
      for each statement execute function "auditLog_append_only"()`.execute(db);
    return;
  }
  for (const event of ['update', 'delete']) {
    await sql`
      create trigger ${sql.id(`auditLog_no_${event}`)} before ${sql.raw(event)} on "auditLog"
      begin
        select raise(abort, '${sql.raw(MESSAGE)}');
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists "auditLog_no_update_delete" on "auditLog"`.execute(db);
    await sql`drop trigger if exists "auditLog_no_truncate" on "auditLog"`.execute(db);
    await sql`drop function if exists "auditLog_append_only"()`.execute(db);
    return;
  }
  await sql`drop trigger if exists "auditLog_no_update"`.execute(db);
  await sql`drop trigger if exists "auditLog_no_delete"`.execute(db);
}
