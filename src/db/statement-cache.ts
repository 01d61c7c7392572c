/**
 * The SQLite connection's prepared statements, most recently used last, bounded by their number and
 * by the length of their SQL together. A prepared statement's size follows its SQL: one INSERT of
 * a thousand rows or an IN list of a thousand keys holds hundreds of KB, so a cache bounded by
 * count alone could keep 500 of them (docs/PERFORMANCE.md, "Memory").
 */
export class StatementCache<S> {
  readonly #entries = new Map<string, S>();
  readonly #maxCount: number;
  readonly #maxSqlLength: number;
  #sqlLength = 0;

  constructor(maxCount: number, maxSqlLength: number) {
    this.#maxCount = maxCount;
    this.#maxSqlLength = maxSqlLength;
  }

  /** The statement for `sql`, prepared once while it stays in the cache. */
  get(sql: string, prepare: (sql: string) => S): S {
    let statement = this.#entries.get(sql);
    if (statement !== undefined) {
      this.#entries.delete(sql);
      this.#entries.set(sql, statement);
      return statement;
    }
    statement = prepare(sql);
    // A statement longer than the whole budget is prepared each time it runs, never kept.
    if (sql.length > this.#maxSqlLength) return statement;
    this.#entries.set(sql, statement);
    this.#sqlLength += sql.length;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxCount && this.#sqlLength <= this.#maxSqlLength) break;
      this.#entries.delete(oldest);
      this.#sqlLength -= oldest.length;
    }
    return statement;
  }

  get size(): { count: number; sqlLength: number } {
    return { count: this.#entries.size, sqlLength: this.#sqlLength };
  }
}
