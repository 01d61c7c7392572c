import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Whether a migration runs on PostgreSQL, asked of Kysely's adapter (the object that generates
 * the SQL): no probe query, which on failure would abort PostgreSQL's migration transaction.
 */
export function isPostgres(db: { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Makes a table append-only in the database itself: UPDATE and DELETE (and TRUNCATE on PostgreSQL) raise an error. */
export async function makeAppendOnly(db: Kysely<unknown>, table: string): Promise<void> {
  const message = sql.raw(`'${table} is append-only'`);
  if (isPostgres(db)) {
    await sql`
      create function ${sql.id(`${table}_append_only`)}() returns trigger language plpgsql as $$
      begin
        raise exception ${message} using errcode = 'restrict_violation';
      end;
      $$`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_no_update_delete`)} before update or delete on ${sql.id(table)}
      for each row execute function ${sql.id(`${table}_append_only`)}()`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.id(table)}
      for each statement execute function ${sql.id(`${table}_append_only`)}()`.execute(db);
    return;
  }
  for (const event of ['update', 'delete']) {
    await sql`
      create trigger ${sql.id(`${table}_no_${event}`)} before ${sql.raw(event)} on ${sql.id(table)}
      begin
        select raise(abort, ${message});
      end`.execute(db);
  }
}

export async function dropAppendOnly(db: Kysely<unknown>, table: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists ${sql.id(`${table}_no_update_delete`)} on ${sql.id(table)}`.execute(db);
    await sql`drop trigger if exists ${sql.id(`${table}_no_truncate`)} on ${sql.id(table)}`.execute(db);
    await sql`drop function if exists ${sql.id(`${table}_append_only`)}()`.execute(db);
    return;
  }
  await sql`drop trigger if exists ${sql.id(`${table}_no_update`)}`.execute(db);
  await sql`drop trigger if exists ${sql.id(`${table}_no_delete`)}`.execute(db);
}
