import { sql } from 'kysely';
import type { Db, Dialect } from './database.ts';

/**
 * Serialises, for the rest of the transaction, every transaction that takes one of the same keys:
 * the later one waits until the earlier one ends, and its next statement (READ COMMITTED) sees
 * what that one committed. Keys are taken in sorted order, so two transactions never wait for each
 * other. PostgreSQL: a transaction-scoped advisory lock per key (a hash collision only makes
 * unrelated writers wait). SQLite: one writer connection runs one transaction at a time, which
 * serialises already.
 */
export async function serialiseOn(db: Db, dialect: Dialect, ...keys: string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const key of [...new Set(keys)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
  }
}

/**
 * The query with `FOR UPDATE` on PostgreSQL: the rows it reads stay locked until the transaction
 * ends, so writers of the same rows run one after the other. SQLite's one writer serialises already.
 */
export function lockedIfPostgres<Q extends { forUpdate(): Q }>(query: Q, dialect: Dialect): Q {
  return dialect === 'postgres' ? query.forUpdate() : query;
}
