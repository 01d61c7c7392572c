import { sql } from 'kysely';
import type { Db } from '../handle.ts';
import type { Database } from '../schema.ts';

type Table = Extract<keyof Database, string>;
type Column<T extends Table> = keyof Database[T] & string;

/** Column values a row must hold: a value (null: IS NULL), or a list the value must be in. */
export type Match<T extends Table> = { [C in Column<T>]?: Database[T][C] | readonly NonNullable<Database[T][C]>[] };

/** A stable order: the columns, then `id` as the tie-break, all in one direction (default ascending). */
export interface Order<T extends Table> {
  by: readonly Column<T>[];
  direction?: 'asc' | 'desc';
}

/**
 * The rows of `table` whose columns hold the values of `match` (the children of a parent in an
 * organization, a category's records), in `order`: the query, to run or limit (not to read with
 * readPage, which takes a table without alias). An empty list in `match` matches nothing.
 */
export function matchingRows<T extends Table>(db: Db, table: T, match: Match<T>, order?: Order<T>) {
  // The table is known only to the caller: Kysely types a generic table through its dynamic module.
  const { dynamic } = db;
  const ref = (column: string) => dynamic.ref(column);
  let query = db.selectFrom(dynamic.table(table).as('t')).selectAll();
  for (const [column, value] of Object.entries(match)) {
    if (value === undefined) continue;
    if (value === null) query = query.where(ref(column), 'is', null);
    else if (!Array.isArray(value)) query = query.where(ref(column), '=', value);
    else query = value.length > 0 ? query.where(ref(column), 'in', value) : query.where(sql<boolean>`1 = 0`);
  }
  if (order) for (const column of [...order.by, 'id']) query = query.orderBy(ref(column), order.direction ?? 'asc');
  return query;
}
