import { type Dialect as KyselyDialect, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { CHANGES_CHANNEL } from './migrations/0131_announce_changes.ts';
import { ChangeListener } from './pg-listener.ts';
import { openSqlite } from './sqlite-node.ts';
import { ListMemo, registerListMemo } from './list-memo.ts';
import { registerTableCache } from './table-cache.ts';
import type { DatabaseSystem } from '../telemetry/tracer.ts';
import { trackWrites, WriteVersions } from './write-tracking.ts';
import type { DatabaseHandle, Db } from './handle.ts';

export type { DatabaseHandle, Db, Dialect } from './handle.ts';

export interface DatabaseOptions {
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  /** SQLite's page cache (MiB; default SQLite's own, 2). */
  sqliteCacheMiB?: number;
  /** WAL pages after which a commit checkpoints (default SQLite's own, 1000). */
  sqliteCheckpointPages?: number;
  /** Commit SQLite transactions in batches (default true). */
  sqliteGroupCommit?: boolean;
  /** PostgreSQL schema to use (tests run each suite in a schema of its own). */
  pgSchema?: string;
  poolSize?: number;
  /** PostgreSQL: how long a query waits for a connection before it fails (ms; default 5000). */
  connectTimeoutMs?: number;
}

const INT8_OID = 20;

export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  const database = openHandle(url, options);
  registerTableCache(database);
  return database;
}

function openHandle(url: string, options: DatabaseOptions): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length) || ':memory:';
    const sqlite = openSqlite(path, { synchronous: options.sqliteSynchronous ?? 'FULL', groupCommit: options.sqliteGroupCommit ?? true, cacheMiB: options.sqliteCacheMiB, checkpointPages: options.sqliteCheckpointPages });
    const { db, versions, lists } = kyselyOn(new SqliteDialect({ database: sqlite }), 'sqlite');
    // A failed group commit takes back writes that reads may already have counted.
    const durable = () =>
      sqlite.durable().catch((err: unknown) => {
        versions.bumpAll();
        lists.clear();
        throw err;
      });
    return {
      db,
      dialect: 'sqlite',
      versions,
      externalVersion: () => String(sqlite.dataVersion()),
      externalBarrier: () => Promise.resolve(),
      durable,
      commitStats: () => sqlite.commitStats(),
      close: () => db.destroy(),
    };
  }
  const connection = { connectionString: url, ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}) };
  const pool = new pg.Pool({
    ...connection,
    max: options.poolSize ?? 10,
    // While PostgreSQL is away a request fails after this long (503 UNAVAILABLE) instead of hanging.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    types: { getTypeParser },
  });
  // A connection that PostgreSQL closes (restart, failover, network) emits 'error': idle, on the
  // pool, which drops it; checked out, on the client, whose query in flight fails on its own (503
  // UNAVAILABLE) and which the pool drops when it is released. Unheard, either would end the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const { db, versions } = kyselyOn(new PostgresDialect({ pool }), 'postgresql');
  const changes = new ChangeListener(connection, CHANGES_CHANNEL);
  return {
    db,
    dialect: 'postgres',
    versions,
    externalVersion: (tables) => changes.version(tables),
    externalBarrier: () => changes.barrier(),
    durable: () => Promise.resolve(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await changes.close();
      await db.destroy();
    },
  };
}

/** Kysely on the dialect, with its writes tracked and what its paged lists learn remembered (list-memo.ts). */
function kyselyOn(dialect: KyselyDialect, system: DatabaseSystem) {
  const versions = new WriteVersions();
  const db = new Kysely<Database>({ dialect: trackWrites(dialect, versions, system) });
  const lists = new ListMemo(versions);
  registerListMemo(db, lists);
  return { db, versions, lists };
}

// unix-ms timestamps are bigint columns: read them as numbers (exact up to 2^53).
const getTypeParser = ((oid: number, format?: 'text' | 'binary'): unknown =>
  oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser;

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
