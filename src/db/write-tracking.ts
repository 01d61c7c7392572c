import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  OperationNode,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import type { DatabaseSystem } from '../telemetry/tracer.ts';
import { activeTracer } from '../telemetry/tracing.ts';

/**
 * Which tables this process has written, as version numbers that change whenever a write to the
 * table may have become visible: when the statement runs and when its transaction ends (commit or
 * rollback). A value remembered with the versions of the tables it was read from is still true
 * while they are unchanged (list-memo.ts). A raw statement that writes, a table the statement
 * does not name (a cascade) or a failed group commit changes every version.
 */
export class WriteVersions {
  readonly #versions = new Map<string, number>();
  #all = 0;

  /** A signature of the tables' versions; equal signatures mean no write to them in between. */
  signature(tables: readonly string[]): string {
    let text = String(this.#all);
    for (const table of tables) text += `:${this.#versions.get(table) ?? 0}`;
    return text;
  }

  bump(table: string): void {
    this.#versions.set(table, (this.#versions.get(table) ?? 0) + 1);
  }

  bumpAll(): void {
    this.#all++;
  }
}

/** The dialect with every write counted in `versions`, and every statement traced when tracing runs (src/telemetry/tracing.ts). */
export function trackWrites(dialect: Dialect, versions: WriteVersions, system: DatabaseSystem): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => dialect.createIntrospector(db),
    createDriver: () => new TrackingDriver(dialect.createDriver(), versions, system),
  };
}

/** Tables dropped in cascade when a row of the key is deleted (migrations: ON DELETE CASCADE). */
const CASCADES: Record<string, readonly string[]> = { calorieLogs: ['calorieLogItems'] };

/** Where each kind of write statement names its table. */
const TARGETS: Record<string, ((node: Record<string, unknown>) => unknown) | undefined> = {
  InsertQueryNode: (node) => node.into,
  MergeQueryNode: (node) => node.into,
  UpdateQueryNode: (node) => node.table,
  DeleteQueryNode: (node) => (node.from as { froms: unknown[] }).froms[0],
};

const WRITE_SQL = /^\s*(insert|update|delete|replace|merge|truncate|with)\b/i;

/** The tables a statement writes; null when it may write tables it does not name (raw SQL). */
export function writtenTables(query: CompiledQuery): string[] | null {
  const node = query.query as OperationNode & Record<string, unknown>;
  const kind: string = node.kind;
  if (kind === 'SelectQueryNode') return [];
  const target = TARGETS[kind];
  if (!target) return WRITE_SQL.test(query.sql) ? null : [];
  const name = tableName(target(node));
  if (name === undefined) return null;
  return [name, ...(CASCADES[name] ?? [])];
}

function tableName(node: unknown): string | undefined {
  const n = node as { kind?: string; node?: unknown; table?: { identifier?: { name?: string } } } | undefined;
  if (n?.kind === 'AliasNode') return tableName(n.node);
  if (n?.kind === 'TableNode') return n.table?.identifier?.name;
  return undefined;
}

class TrackedConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  readonly #versions: WriteVersions;
  readonly #system: DatabaseSystem;
  inTransaction = false;
  /** tables written in the open transaction; null after a write of unknown tables */
  written: Set<string> | null = new Set();

  constructor(inner: DatabaseConnection, versions: WriteVersions, system: DatabaseSystem) {
    this.inner = inner;
    this.#versions = versions;
    this.#system = system;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const tracer = activeTracer();
    return tracer ? tracer.statement(this.#system, query.sql, () => this.#execute<R>(query)) : this.#execute<R>(query);
  }

  async #execute<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const tables = writtenTables(query);
    if (tables && tables.length === 0) return this.inner.executeQuery<R>(query);
    this.#note(tables);
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      this.#note(tables);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  #note(tables: string[] | null): void {
    if (tables === null) {
      this.#versions.bumpAll();
      if (this.inTransaction) this.written = null;
      return;
    }
    for (const table of tables) {
      this.#versions.bump(table);
      if (this.inTransaction) this.written?.add(table);
    }
  }

  /** The transaction ended: what it wrote is now committed, or gone. */
  ended(): void {
    if (this.written === null) this.#versions.bumpAll();
    else for (const table of this.written) this.#versions.bump(table);
    this.inTransaction = false;
    this.written = new Set();
  }
}

class TrackingDriver implements Driver {
  readonly #inner: Driver;
  readonly #versions: WriteVersions;
  readonly #system: DatabaseSystem;

  constructor(inner: Driver, versions: WriteVersions, system: DatabaseSystem) {
    this.#inner = inner;
    this.#versions = versions;
    this.#system = system;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new TrackedConnection(await this.#inner.acquireConnection(), this.#versions, this.#system);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const tracked = connection as TrackedConnection;
    await this.#inner.beginTransaction(tracked.inner, settings);
    tracked.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const tracked = connection as TrackedConnection;
    try {
      await this.#inner.commitTransaction(tracked.inner);
    } finally {
      tracked.ended();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const tracked = connection as TrackedConnection;
    try {
      await this.#inner.rollbackTransaction(tracked.inner);
    } finally {
      tracked.ended();
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.#inner.savepoint?.((connection as TrackedConnection).inner, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.#inner.rollbackToSavepoint?.((connection as TrackedConnection).inner, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.#inner.releaseSavepoint?.((connection as TrackedConnection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection((connection as TrackedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}
