import { sql } from 'kysely';
import type { TestApp } from './harness.ts';

/**
 * While `during` runs, the database refuses to `change` the row of `table` whose `column` is `value`:
 * a fault on one row only (a trigger), to show what a job or a batch does when one of its items fails.
 */
export interface Refusal {
  table: string;
  change: 'insert' | 'update';
  column: string;
  value: string;
}

export async function refusing(t: TestApp, on: Refusal, during: () => Promise<void>): Promise<void> {
  const { db, dialect } = t.database;
  const row = sql.raw(on.change === 'insert' ? 'new' : 'old');
  const when = sql`${row}.${sql.ref(on.column)} = ${sql.lit(on.value)}`;
  if (dialect === 'sqlite') {
    await sql`create trigger refuse_one before ${sql.raw(on.change)} on ${sql.table(on.table)} when ${when} begin select raise(abort, 'refused'); end`.execute(db);
  } else {
    await sql`create function refuse_one() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(db);
    await sql`create trigger refuse_one before ${sql.raw(on.change)} on ${sql.table(on.table)} for each row when (${when}) execute function refuse_one()`.execute(db);
  }
  try {
    await during();
  } finally {
    if (dialect === 'sqlite') await sql`drop trigger refuse_one`.execute(db);
    else {
      await sql`drop trigger refuse_one on ${sql.table(on.table)}`.execute(db);
      await sql`drop function refuse_one`.execute(db);
    }
  }
}
