import { sql, type Compilable, type CompiledQuery, type QueryResult, type RawBuilder } from 'kysely';
import type { Db } from '../handle.ts';

const MARK = '\u0000prepared:';

/** Where a value goes in a prepared statement: a parameter filled in each time it runs. */
export type Slot<N extends string> = <T>(name: N) => RawBuilder<T>;

/**
 * A statement on the hot path, built with Kysely once per dialect and run with new values each
 * time: building a query costs more than SQLite takes to run it. `build` places each value with
 * `slot(name)`; the statement keeps its query node, so writes are still tracked and traced.
 */
export function prepared<N extends string, R>(build: (db: Db, slot: Slot<N>) => Compilable<R>): (db: Db, values: Record<N, unknown>) => Promise<QueryResult<R>> {
  // One compiled statement per dialect: a transaction's handle shares its database's adapter.
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  const slot: Slot<N> = <T>(name: N) => sql<T>`${MARK + name}`;
  return (db, values) => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      query = build(db, slot).compile();
      compiled.set(adapter, query);
    }
    const parameters = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? values[p.slice(MARK.length) as N] : p));
    return db.executeQuery<R>({ ...query, parameters });
  };
}
