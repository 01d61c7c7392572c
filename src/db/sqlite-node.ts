import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { observeGroupCommit } from '../telemetry/metrics.ts';
import { StatementCache } from './statement-cache.ts';
import { syncedByCommit, walFileSync, type WalSync } from './wal-sync.ts';

type Param = null | number | bigint | string | Uint8Array;

/** node:sqlite binds no booleans or undefined; SQLite stores booleans as 0/1. */
function toParams(parameters: ReadonlyArray<unknown>): Param[] {
  return parameters.map((p) => {
    if (typeof p === 'boolean') return p ? 1 : 0;
    if (p === undefined) return null;
    return p as Param;
  });
}

const STATEMENT_CACHE_SIZE = 500;
/** Characters of SQL the cached statements may have together (their memory grows with it). */
const STATEMENT_CACHE_SQL = 1024 * 1024;
const SAVEPOINT = 'healthops_tx';

export interface SqliteOptions {
  synchronous: 'FULL' | 'NORMAL';
  /**
   * Group commit: transactions become savepoints of one outer transaction that is committed (one
   * fsync) when the event loop has run the transactions that were ready, or after `maxDelayMs`.
   * A write is acknowledged only after that commit: the dispatcher awaits durable().
   */
  groupCommit: boolean;
  maxDelayMs?: number;
  /**
   * The page cache (MiB; SQLite's default is 2). A booking touches a leaf page of each of the
   * appointments' indexes in its organization or doctor; with 2 MiB those are read from the file
   * again for most bookings (docs/PERFORMANCE.md).
   */
  cacheMiB?: number | undefined;
  /**
   * WAL pages after which a commit copies the WAL into the database file (SQLite's default 1000).
   * A page that many commits change (the tail of an index, a busy organization's leaf) is copied
   * once per checkpoint, so fewer, larger checkpoints copy fewer pages per write, but each stops the
   * event loop longer (docs/PERFORMANCE.md: bookings a few percent faster, reads' p99 up to 2.4x).
   */
  checkpointPages?: number | undefined;
}

export interface SqliteHandle extends SqliteDatabase {
  /** Resolves once everything written so far is committed to disk; rejects if that commit failed. */
  durable(): Promise<void>;
  /** Transactions run and commits made so far (group commit). */
  commitStats(): { transactions: number; commits: number };
  /** SQLite's `PRAGMA data_version`: changes when another connection (another process) commits. */
  dataVersion(): number;
}

/**
 * node:sqlite behind Kysely's SQLite dialect, with a statement cache and group commit.
 *
 * Kysely runs every query and transaction on one connection behind a mutex, so transactions never
 * interleave: between two of them no savepoint is open, and the outer transaction can be
 * committed. Reads on the connection see writes of savepoints released but not yet committed;
 * callers that answered on them also wait for durable(), so nothing is acknowledged before it is
 * on disk.
 */
export function openSqlite(path: string, options: SqliteOptions): SqliteHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  // FULL with group commit: SQLite leaves the WAL unsynced at COMMIT and walFileSync syncs it off the event loop.
  const walSync = options.synchronous === 'FULL' && options.groupCommit && path !== ':memory:' ? walFileSync(path) : syncedByCommit;
  db.exec(`PRAGMA synchronous = ${walSync === syncedByCommit ? options.synchronous : 'NORMAL'}`);
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA foreign_keys = ON');
  // Each group-committed transaction is a savepoint, whose journal (the former content of the
  // pages it changes) SQLite spills to a temporary file past 64 KiB: a file per batch and ~35
  // writes per booking (docs/PERFORMANCE.md). In memory it lasts until the batch's commit.
  db.exec('PRAGMA temp_store = MEMORY');
  if (options.cacheMiB) db.exec(`PRAGMA cache_size = -${String(Math.trunc(options.cacheMiB) * 1024)}`);
  if (options.checkpointPages) db.exec(`PRAGMA wal_autocheckpoint = ${String(Math.trunc(options.checkpointPages))}`);
  const statements = new StatementCache<SqliteStatement>(STATEMENT_CACHE_SIZE, STATEMENT_CACHE_SQL);
  const dataVersion = new DataVersion(db);
  const batch = new GroupCommit(db, options.maxDelayMs ?? 10, dataVersion, walSync);

  function prepare(sql: string): SqliteStatement {
    if (options.groupCommit) {
      const control = batch.control(sql);
      if (control) return control;
    }
    return statements.get(sql, (text) => adaptStatement(db.prepare(text)));
  }

  return {
    close: () => {
      batch.flush();
      db.close();
      walSync.close();
    },
    prepare,
    durable: () => batch.durable(),
    commitStats: () => batch.stats(),
    dataVersion: () => dataVersion.read(),
  };
}

/**
 * `PRAGMA data_version`, read at most once per turn of the event loop: the requests that start
 * in the same turn arrived together and see the same other processes' commits. Reading it opens
 * a read snapshot on the WAL, which costs as much as a small query. While this connection holds
 * the write lock (the group commit's open transaction) no other connection can commit, so the
 * value read then holds until that transaction ends.
 */
class DataVersion {
  readonly #statement: StatementSync;
  #value: number | undefined;
  #writing = false;

  constructor(db: DatabaseSync) {
    this.#statement = db.prepare('PRAGMA data_version');
  }

  read(): number {
    if (this.#value === undefined) {
      this.#value = (this.#statement.get() as { data_version: number }).data_version;
      if (!this.#writing) setImmediate(() => !this.#writing && (this.#value = undefined));
    }
    return this.#value;
  }

  /** This connection took (true) or gave up (false) the write lock: read anew at the next read. */
  writing(holds: boolean): void {
    this.#writing = holds;
    this.#value = undefined;
  }
}

function adaptStatement(stmt: StatementSync): SqliteStatement {
  return {
    // A statement that yields columns (SELECT, or a write with RETURNING) is read with all(),
    // so it always runs to completion and never holds back a WAL checkpoint.
    reader: stmt.columns().length > 0,
    all: (parameters) => stmt.all(...toParams(parameters)),
    run: (parameters) => stmt.run(...toParams(parameters)),
    iterate: (parameters) => stmt.iterate(...toParams(parameters)),
  };
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

class GroupCommit {
  readonly #db: DatabaseSync;
  readonly #maxDelayMs: number;
  readonly #dataVersion: DataVersion;
  readonly #walSync: WalSync;
  #outerOpen = false;
  #inTransaction = false;
  #openedAt = 0;
  #flushScheduled = false;
  #waiters: Waiter[] = [];
  #transactions = 0;
  #commits = 0;
  /** transactions in the open batch */
  #batched = 0;

  constructor(db: DatabaseSync, maxDelayMs: number, dataVersion: DataVersion, walSync: WalSync) {
    this.#db = db;
    this.#maxDelayMs = maxDelayMs;
    this.#dataVersion = dataVersion;
    this.#walSync = walSync;
  }

  /** Kysely's transaction statements, turned into savepoints of the outer transaction. */
  control(sql: string): SqliteStatement | undefined {
    switch (sql) {
      case 'begin':
        return this.#statement(() => this.#begin());
      case 'commit':
        return this.#statement(() => this.#end('RELEASE'));
      case 'rollback':
        return this.#statement(() => this.#end('ROLLBACK'));
      default:
        return undefined;
    }
  }

  stats(): { transactions: number; commits: number } {
    return { transactions: this.#transactions, commits: this.#commits };
  }

  durable(): Promise<void> {
    if (!this.#outerOpen) return this.#walSync.synced();
    this.#scheduleFlush();
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /** Commits the outer transaction if no transaction is in progress. */
  flush(): void {
    this.#flushScheduled = false;
    if (!this.#outerOpen || this.#inTransaction) return;
    const waiters = this.#waiters;
    this.#waiters = [];
    this.#outerOpen = false;
    try {
      this.#db.exec('COMMIT');
      this.#walSync.committed();
      this.#commits++;
      observeGroupCommit(this.#batched, waiters.length, (Date.now() - this.#openedAt) / 1000);
    } catch (error) {
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
      for (const w of waiters) w.reject(error);
      return;
    } finally {
      this.#dataVersion.writing(false);
      this.#batched = 0;
    }
    if (waiters.length === 0) return;
    const synced = this.#walSync.synced();
    for (const w of waiters) synced.then(() => w.resolve(), (error: unknown) => w.reject(error));
  }

  #begin(): void {
    // A batch that has been open too long is committed before the next transaction joins it,
    // so a steady stream of transactions cannot hold acknowledgements back.
    if (this.#outerOpen && Date.now() - this.#openedAt >= this.#maxDelayMs) this.flush();
    if (!this.#outerOpen) {
      this.#db.exec('BEGIN IMMEDIATE');
      this.#dataVersion.writing(true);
      this.#outerOpen = true;
      this.#openedAt = Date.now();
    }
    this.#db.exec(`SAVEPOINT ${SAVEPOINT}`);
    this.#inTransaction = true;
    this.#transactions++;
    this.#batched++;
  }

  #end(how: 'RELEASE' | 'ROLLBACK'): void {
    if (how === 'ROLLBACK') this.#db.exec(`ROLLBACK TO ${SAVEPOINT}`);
    this.#db.exec(`RELEASE ${SAVEPOINT}`);
    this.#inTransaction = false;
    this.#scheduleFlush();
  }

  #scheduleFlush(): void {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    setImmediate(() => this.flush());
  }

  #statement(run: () => void): SqliteStatement {
    return {
      reader: false,
      all: () => {
        run();
        return [];
      },
      run: () => {
        run();
        return { changes: 0, lastInsertRowid: 0 };
      },
      iterate: () => {
        run();
        return [][Symbol.iterator]();
      },
    };
  }
}
