import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

type Param = null | number | bigint | string | Uint8Array;

/** node:sqlite binds no booleans or undefined; SQLite stores booleans as 0/1. */
function toParams(parameters: ReadonlyArray<unknown>): Param[] {
  return parameters.map((p) => {
    if (typeof p === 'boolean') return p ? 1 : 0;
    if (p === undefined) return null;
    return p as Param;
  });
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

export function openSqlite(path: string, synchronous: 'FULL' | 'NORMAL'): SqliteDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(`PRAGMA synchronous = ${synchronous}`);
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA foreign_keys = ON');
  return {
    close: () => db.close(),
    prepare: (sql) => adaptStatement(db.prepare(sql)),
  };
}
