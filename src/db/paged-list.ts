import type { SelectQueryBuilder } from 'kysely';
import { offsetOf, pageOf, type Page } from '../values/paging.ts';
import type { Db } from './database.ts';
import { countOf } from './list-memo.ts';
import type { Database } from './schema.ts';

/**
 * One page of a list read with LIMIT / OFFSET: `rows` (the `filtered` query with its selection and
 * order) cut to the page, and `total` counted over `filtered`, remembered while `tables` are
 * unchanged (countOf).
 */
export async function pageOfQuery<TB extends keyof Database, F, O, R>(
  db: Db,
  tables: readonly string[],
  filtered: SelectQueryBuilder<Database, TB, F>,
  rows: SelectQueryBuilder<Database, TB, O>,
  page: number,
  pageSize: number,
  toItem: (row: O) => R,
): Promise<Page<R>> {
  const [found, total] = await Promise.all([
    rows.limit(pageSize).offset(offsetOf(page, pageSize)).execute(),
    countOf(db, tables, filtered.select((eb) => eb.fn.countAll<number | string>().as('n'))),
  ]);
  return pageOf(found.map(toItem), total, page, pageSize);
}
