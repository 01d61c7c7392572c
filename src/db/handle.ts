import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { WriteVersions } from './write-tracking.ts';

/** The database as the rest of the service sees it (opened by database.ts). */
export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /**
   * Resolves once every write made so far is durable. On SQLite with group commit, transactions
   * are committed in batches and a request is answered only after its batch's commit; on
   * PostgreSQL a committed transaction already is.
   */
  durable(): Promise<void>;
  /** SQLite only: transactions run and commits made (group commit shares one commit among many). */
  commitStats?(): { transactions: number; commits: number };
  /** PostgreSQL only: the pool's connections open and idle, and the queries waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** What this process has written, by table (write-tracking.ts). */
  versions: WriteVersions;
  /**
   * A value that changes whenever another process may have changed one of the tables (those
   * migration 0131 announces), cheap to read at every request: SQLite's data_version (any commit
   * by another connection); on PostgreSQL the count of the tables' NOTIFYs. Undefined while it
   * cannot tell (the listening connection is down): then nothing may be remembered across requests.
   */
  externalVersion(tables: readonly string[]): string | undefined;
  /**
   * Resolves once every change committed by another process before the call shows in
   * externalVersion (PostgreSQL: a round trip on the listening connection; SQLite: at once).
   */
  externalBarrier(): Promise<void>;
  close(): Promise<void>;
}
