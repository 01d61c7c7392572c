/**
 * Bulk row writers for seeding: rows go straight into the tables (not through the API), many rows
 * per statement inside large transactions.
 *
 * - SQLite: node:sqlite prepared multi-row INSERTs (as many rows per statement as the parameter
 *   limit allows), synchronous = OFF while loading (the file is rebuilt from scratch on failure).
 * - PostgreSQL: `insert ... select * from unnest($1::type[], $2::type[], ...)`: one array parameter
 *   per column, thousands of rows per statement (the COPY-like path that needs no extension).
 *
 * Every row must name exactly the table's columns: a seed that falls behind the schema stops
 * with the difference instead of writing rows the service would not write.
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import pg from 'pg';

export type Row = Record<string, string | number | boolean | null>;

export interface BulkWriter {
  /** Buffers a row; buffers are flushed (in the order tables were first seen: parents first) when full. */
  insert(table: string, row: Row): Promise<void>;
  flush(): Promise<void>;
  /** Runs a statement on the writer's connection (after flushing). */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
  onRows?: (n: number) => void;
}

const BUFFERED_ROWS = 20_000;
const ROWS_PER_TRANSACTION = 200_000;

abstract class Buffered implements BulkWriter {
  readonly #buffers = new Map<string, Row[]>();
  #buffered = 0;
  #columns = new Map<string, string[]>();
  onRows?: (n: number) => void;

  protected abstract columnsOf(table: string): Promise<string[]>;
  protected abstract write(table: string, columns: string[], rows: Row[]): Promise<void>;
  abstract exec(sqlText: string): Promise<void>;
  abstract close(): Promise<void>;

  async insert(table: string, row: Row): Promise<void> {
    let buffer = this.#buffers.get(table);
    if (!buffer) {
      buffer = [];
      this.#buffers.set(table, buffer);
      if (!this.#columns.has(table)) await this.#check(table, row);
    }
    buffer.push(row);
    if (++this.#buffered >= BUFFERED_ROWS) await this.flush();
  }

  async flush(): Promise<void> {
    for (const [table, rows] of this.#buffers) {
      if (rows.length === 0) continue;
      await this.write(table, this.#columns.get(table)!, rows);
      this.onRows?.(rows.length);
      rows.length = 0;
    }
    this.#buffered = 0;
  }

  async #check(table: string, row: Row): Promise<void> {
    const columns = await this.columnsOf(table);
    const given = Object.keys(row);
    const missing = columns.filter((c) => !given.includes(c));
    const unknown = given.filter((c) => !columns.includes(c));
    if (missing.length || unknown.length) {
      throw new Error(`seed rows of ${table} do not match the schema: missing ${missing.join(', ') || '-'}; unknown ${unknown.join(', ') || '-'}`);
    }
    this.#columns.set(table, columns);
  }
}

type Param = string | number | null;

export class SqliteWriter extends Buffered {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();
  #inTransaction = 0;

  constructor(path: string) {
    super();
    this.#db = new DatabaseSync(path);
    this.#db.exec('PRAGMA journal_mode = WAL');
    this.#db.exec('PRAGMA synchronous = OFF');
    this.#db.exec('PRAGMA cache_size = -1000000');
    this.#db.exec('PRAGMA temp_store = MEMORY');
    this.#db.exec('PRAGMA foreign_keys = ON');
  }

  protected async columnsOf(table: string): Promise<string[]> {
    const rows = this.#db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[];
    if (rows.length === 0) throw new Error(`no table ${table}`);
    return rows.map((r) => r.name);
  }

  #statement(table: string, columns: string[], n: number): StatementSync {
    const key = `${table}:${n}`;
    let stmt = this.#statements.get(key);
    if (!stmt) {
      const tuple = `(${columns.map(() => '?').join(',')})`;
      stmt = this.#db.prepare(`insert into "${table}" (${columns.map((c) => `"${c}"`).join(',')}) values ${Array(n).fill(tuple).join(',')}`);
      this.#statements.set(key, stmt);
    }
    return stmt;
  }

  protected async write(table: string, columns: string[], rows: Row[]): Promise<void> {
    if (this.#inTransaction === 0) this.#db.exec('BEGIN');
    const perStatement = Math.max(1, Math.min(500, Math.floor(30_000 / columns.length)));
    for (let i = 0; i < rows.length; i += perStatement) {
      const chunk = rows.slice(i, i + perStatement);
      const params: Param[] = [];
      for (const row of chunk) for (const c of columns) params.push(sqliteValue(row[c]));
      this.#statement(table, columns, chunk.length).run(...params);
    }
    this.#inTransaction += rows.length;
    if (this.#inTransaction >= ROWS_PER_TRANSACTION) this.#commit();
  }

  #commit(): void {
    if (this.#inTransaction > 0) this.#db.exec('COMMIT');
    this.#inTransaction = 0;
  }

  override async flush(): Promise<void> {
    await super.flush();
    this.#commit();
  }

  async exec(sqlText: string): Promise<void> {
    await this.flush();
    this.#db.exec(sqlText);
  }

  async close(): Promise<void> {
    await this.flush();
    this.#db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    this.#db.close();
  }
}

function sqliteValue(v: Row[string] | undefined): Param {
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v ?? null;
}

const PG_ARRAY_TYPES: Record<string, string> = {
  'character varying': 'varchar[]',
  text: 'text[]',
  integer: 'int4[]',
  bigint: 'int8[]',
  'double precision': 'float8[]',
  boolean: 'bool[]',
};

export class PostgresWriter extends Buffered {
  readonly #client: pg.Client;
  readonly #schema: string;
  readonly #types = new Map<string, string[]>();
  #inTransaction = 0;

  private constructor(client: pg.Client, schema: string) {
    super();
    this.#client = client;
    this.#schema = schema;
  }

  static async open(url: string, schema: string): Promise<PostgresWriter> {
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await client.connect();
    await client.query('set synchronous_commit = off');
    return new PostgresWriter(client, schema);
  }

  protected async columnsOf(table: string): Promise<string[]> {
    const { rows } = await this.#client.query<{ column_name: string; data_type: string }>(
      'select column_name, data_type from information_schema.columns where table_schema = $1 and table_name = $2 order by ordinal_position',
      [this.#schema, table],
    );
    if (rows.length === 0) throw new Error(`no table ${table} in schema ${this.#schema}`);
    this.#types.set(
      table,
      rows.map((r) => {
        const type = PG_ARRAY_TYPES[r.data_type];
        if (!type) throw new Error(`${table}.${r.column_name}: no array type for ${r.data_type}`);
        return type;
      }),
    );
    return rows.map((r) => r.column_name);
  }

  protected async write(table: string, columns: string[], rows: Row[]): Promise<void> {
    if (this.#inTransaction === 0) await this.#client.query('begin');
    const types = this.#types.get(table)!;
    const perStatement = 5000;
    for (let i = 0; i < rows.length; i += perStatement) {
      const chunk = rows.slice(i, i + perStatement);
      const arrays = columns.map((c) => chunk.map((r) => r[c] ?? null));
      const text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(',')}) select * from unnest(${types.map((t, k) => `$${k + 1}::${t}`).join(',')})`;
      await this.#client.query(text, arrays);
    }
    this.#inTransaction += rows.length;
    if (this.#inTransaction >= ROWS_PER_TRANSACTION) await this.#commit();
  }

  async #commit(): Promise<void> {
    if (this.#inTransaction > 0) await this.#client.query('commit');
    this.#inTransaction = 0;
  }

  override async flush(): Promise<void> {
    await super.flush();
    await this.#commit();
  }

  async exec(sqlText: string): Promise<void> {
    await this.flush();
    await this.#client.query(sqlText);
  }

  async close(): Promise<void> {
    await this.flush();
    await this.#client.end();
  }
}
