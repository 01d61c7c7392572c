import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite-node.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  /** PostgreSQL schema to use (tests run each suite in a schema of its own). */
  pgSchema?: string;
  poolSize?: number;
}

const INT8_OID = 20;

export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length) || ':memory:';
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: openSqlite(path, options.sqliteSynchronous ?? 'FULL') }),
    });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    types: { getTypeParser },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

// unix-ms timestamps are bigint columns: read them as numbers (exact up to 2^53).
const getTypeParser = ((oid: number, format?: 'text' | 'binary'): unknown =>
  oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser;

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
