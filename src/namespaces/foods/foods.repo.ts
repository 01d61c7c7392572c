import { sql, type Insertable, type Selectable } from 'kysely';
import { countOf } from '../../db/list-memo.ts';
import type { Db } from '../../db/database.ts';
import { readPage } from '../../db/paged-list.ts';
import { isPostgres } from '../../db/migrations/dialect-features.ts';
import { containsLiteral } from '../../db/text-search.ts';
import { notFound } from '../../values/errors.ts';
import { newId } from '../../values/ids.ts';
import { defineCodec, type TableRecord } from '../../db/codec.ts';
import { FOOD_FIELDS, keyOf, searchForm, type FoodInput } from './foods.fields.ts';
import { encodeCursor, type FoodPage, type Paging } from './foods.paging.ts';
import type { FoodsTable } from './foods.table.ts';

/** The foods table: JSON and isActive decoded; the derived columns never in a record (derivedColumns writes them from it). */
const foods = defineCodec('foods', { ingredients: 'json', nutritionPer100g: 'json', servings: 'json', isActive: 'bool' }, ['nameKey', 'categoryKey', 'foodCodeKey', 'searchText']);

/** A food as the API returns it: every field present, unset ones null. */
export type FoodRecord = TableRecord<'foods', 'nameKey' | 'categoryKey' | 'foodCodeKey' | 'searchText'>;

export const toRecord = (row: Selectable<FoodsTable>): FoodRecord => foods.toRecord(row);

/** The columns derived from a record (the one place they are written): the keys it is matched and ordered by, its search text. */
function derivedColumns(record: FoodRecord) {
  const category = record.category ?? '';
  return {
    nameKey: keyOf(record.name),
    categoryKey: keyOf(category),
    foodCodeKey: record.foodCode ? keyOf(record.foodCode) : null,
    searchText: searchForm([record.name, category, ...(record.ingredients ?? [])].join(' ')),
  };
}

const toRow = (record: FoodRecord): Insertable<FoodsTable> => ({ ...foods.toInsert(record), ...derivedColumns(record) });

/** A new food from validated input: server id and timestamps, every field present, visible by default. */
export function buildFood(input: FoodInput, now: number): FoodRecord {
  const record: Record<string, unknown> = { id: newId() };
  const given = input as Record<string, unknown>;
  for (const field of FOOD_FIELDS) record[field] = given[field] ?? null;
  record.isActive = input.isActive ?? true;
  record.createdAt = now;
  record.updatedAt = now;
  return record as FoodRecord;
}

/** The food after applying update input: omitted fields unchanged, null clears (isActive null = the default, true). */
export function mergeFood(current: FoodRecord, input: FoodInput, now: number): FoodRecord {
  const next: Record<string, unknown> = { ...current };
  const given = input as Record<string, unknown>;
  for (const field of FOOD_FIELDS) if (given[field] !== undefined) next[field] = given[field];
  if (input.isActive !== undefined) next.isActive = input.isActive ?? true;
  next.updatedAt = now;
  return next as FoodRecord;
}

export async function findFood(db: Db, id: string): Promise<FoodRecord | undefined> {
  const row = await db.selectFrom('foods').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function getFood(db: Db, id: string): Promise<FoodRecord> {
  const found = await findFood(db, id);
  if (!found) throw notFound('food');
  return found;
}

/** Rows per INSERT statement: ~30 columns each stays far below both databases' parameter limits. */
const INSERT_CHUNK = 200;

export async function insertFoods(db: Db, records: FoodRecord[]): Promise<FoodRecord[]> {
  const out: FoodRecord[] = [];
  for (let i = 0; i < records.length; i += INSERT_CHUNK) {
    const rows = await db
      .insertInto('foods')
      .values(records.slice(i, i + INSERT_CHUNK).map(toRow))
      .returningAll()
      .execute();
    out.push(...rows.map(toRecord));
  }
  return out;
}

export async function replaceFood(db: Db, record: FoodRecord): Promise<FoodRecord> {
  const { id, createdAt: _createdAt, ...rest } = record;
  const rows = await db.updateTable('foods').set({ ...foods.toUpdate(rest), ...derivedColumns(record) }).where('id', '=', id).returningAll().execute();
  if (!rows[0]) throw notFound('food');
  return toRecord(rows[0]);
}

export async function deleteFood(db: Db, id: string): Promise<void> {
  const result = await db.deleteFrom('foods').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('food');
}

export interface FoodFilter {
  categoryId?: string | undefined;
  /** A category name, in any letter case. */
  category?: string | undefined;
  /** Search terms in searchForm(); each must occur in name, category or ingredients. */
  terms?: readonly string[] | undefined;
  minCalories?: number | undefined;
  maxCalories?: number | undefined;
}

function visible(db: Db, filter: FoodFilter) {
  let query = db.selectFrom('foods').where('isActive', '=', true);
  if (filter.categoryId !== undefined) query = query.where('categoryId', '=', filter.categoryId);
  if (filter.category !== undefined) query = query.where('categoryKey', '=', keyOf(filter.category));
  for (const term of filter.terms ?? []) query = query.where(containsLiteral('searchText', term));
  if (filter.minCalories !== undefined) query = query.where('calories', '>=', filter.minCalories);
  if (filter.maxCalories !== undefined) query = query.where('calories', '<=', filter.maxCalories);
  return query;
}

/**
 * How many visible foods match, counting at most `cap` + 1 of them when a cap is given (the
 * count stops there: on SQLite the name-order index walk ends after that many matches, on
 * PostgreSQL the trigram bitmap scan reads that many rows). `capped` when more than `cap` match;
 * `total` is then `cap`.
 */
export async function countFoods(db: Db, filter: FoodFilter, cap?: number): Promise<{ total: number; capped: boolean }> {
  if (cap === undefined) {
    const total = await countOf(db, ['foods'], visible(db, filter).select((eb) => eb.fn.countAll<number | string>().as('n')));
    return { total, capped: false };
  }
  const matches = visible(db, filter).select(sql<number>`1`.as('one')).limit(cap + 1).as('matches');
  const n = await countOf(db, ['foods'], db.selectFrom(matches).select((eb) => eb.fn.countAll<number | string>().as('n')));
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/** At most this many matches are sorted in memory rather than walked in name order (PostgreSQL). */
const FEW_MATCHES = 1_000;

export interface CountOptions {
  /**
   * Count at most this many matches (search: SEARCH_TOTAL_CAP), or up to the end of the page asked
   * for when that is further; omitted, count them all (list).
   */
  totalCap?: number | undefined;
}

/** One page of visible foods in (nameKey, id) order: keyset after a cursor, else by page number. */
export async function pageFoods(db: Db, filter: FoodFilter, paging: Paging, options: CountOptions = {}): Promise<FoodPage<FoodRecord>> {
  const { after, page, pageSize } = paging;
  const cap = options.totalCap === undefined ? undefined : Math.max(options.totalCap, (page ?? 1) * pageSize);
  // PostgreSQL reads a search's page along the name index, which scans most of the catalogue
  // when few foods match every term (two words: 40-140 ms). Counted first (the count is
  // remembered, list-memo.ts), few matches are collected through the trigram index and sorted.
  let counted: { total: number; capped: boolean } | null = null;
  if (!after && filter.terms?.length && isPostgres(db)) counted = await countFoods(db, filter, cap);
  const few = counted !== null && !counted.capped && counted.total <= FEW_MATCHES;
  const skipped = page !== undefined && page > 1 ? (page - 1) * pageSize : 0;
  let rows;
  if (few) {
    // The page's ids from the few matches, then their rows within the page budget.
    const ids = await db
      .with((cte) => cte('matches').materialized(), () => visible(db, filter).select(['id', 'nameKey']))
      .selectFrom('matches')
      .select('id')
      .orderBy('nameKey')
      .orderBy('id')
      .limit(pageSize + 1)
      .offset(skipped)
      .execute();
    const pageIds = ids.map((row) => row.id);
    rows = pageIds.length === 0 ? [] : await readPage(db, db.selectFrom('foods').selectAll().where('id', 'in', pageIds).orderBy('nameKey').orderBy('id'), pageSize, foods.freeForm);
  } else {
    let rowsQuery = visible(db, filter).selectAll().orderBy('nameKey').orderBy('id').limit(pageSize + 1);
    if (after) rowsQuery = rowsQuery.where((eb) => eb(eb.refTuple('nameKey', 'id'), '>', eb.tuple(after.nameKey, after.id)));
    else if (skipped > 0) rowsQuery = rowsQuery.offset(skipped);
    rows = await readPage(db, rowsQuery, pageSize, foods.freeForm);
  }
  const more = rows.length > pageSize;
  // A first page that holds every match is its own count: no second pass over the foods.
  if (counted === null && !after) counted = page === 1 && !more ? { total: rows.length, capped: false } : await countFoods(db, filter, cap);
  const pageRows = more ? rows.slice(0, pageSize) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(toRecord),
    nextCursor: more && last ? encodeCursor({ nameKey: last.nameKey, id: last.id }) : null,
    total: counted?.total ?? null,
    totalCapped: counted?.capped ?? null,
    page: page ?? null,
    pageSize,
    totalPages: counted === null ? null : Math.ceil(counted.total / pageSize),
  };
}

/** Foods (visible or not) whose code is one of `codeKeys` or whose nameKey is one of `nameKeys`, oldest first. */
export async function matchCandidates(db: Db, codeKeys: string[], nameKeys: string[]): Promise<FoodRecord[]> {
  if (codeKeys.length === 0 && nameKeys.length === 0) return [];
  const rows = await db
    .selectFrom('foods')
    .selectAll()
    .where((eb) => {
      const ors = [];
      if (codeKeys.length > 0) ors.push(eb('foodCodeKey', 'in', codeKeys));
      if (nameKeys.length > 0) ors.push(eb('nameKey', 'in', nameKeys));
      return eb.or(ors);
    })
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** The oldest visible food for each of the given names (any letter case). */
export async function visibleByName(db: Db, names: string[]): Promise<Map<string, FoodRecord>> {
  const keys = [...new Set(names.map(keyOf).filter((k) => k.length > 0))];
  const found = new Map<string, FoodRecord>();
  if (keys.length === 0) return found;
  const rows = await db.selectFrom('foods').selectAll().where('isActive', '=', true).where('nameKey', 'in', keys).orderBy('id').execute();
  for (const row of rows) if (!found.has(row.nameKey)) found.set(row.nameKey, toRecord(row));
  return found;
}
