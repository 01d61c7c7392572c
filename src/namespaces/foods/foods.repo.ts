import { sql, type Expression, type Insertable, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { countOf } from '../../db/list-memo.ts';
import type { Db } from '../../db/database.ts';
import { readPage } from '../../db/paged-list.ts';
import { isPostgres } from '../../db/migrations/dialect-features.ts';
import { notFound } from '../../values/errors.ts';
import { newId } from '../../values/ids.ts';
import { defineCodec, type TableRecord } from '../../db/codec.ts';
import { FOOD_FIELDS, keyOf, searchTextOf, type FoodInput } from './foods.fields.ts';
import { encodeCursor, SEARCH_TOTAL_CAP, type CursorKey, type FoodPage, type Paging } from './foods.paging.ts';
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
    searchText: searchTextOf(record.name, category, record.ingredients),
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
  /** Search words (src/values/words.ts); each must start a word of the name, category or ingredients (searchText). */
  terms?: readonly string[] | undefined;
  minCalories?: number | undefined;
  maxCalories?: number | undefined;
}

function visible(db: Db, filter: FoodFilter) {
  let query = db.selectFrom('foods').where('isActive', '=', true);
  if (filter.categoryId !== undefined) query = query.where('categoryId', '=', filter.categoryId);
  if (filter.category !== undefined) query = query.where('categoryKey', '=', keyOf(filter.category));
  for (const term of filter.terms ?? []) query = query.where(startsAWord(term, isPostgres(db)));
  if (filter.minCalories !== undefined) query = query.where('calories', '>=', filter.minCalories);
  if (filter.maxCalories !== undefined) query = query.where('calories', '<=', filter.maxCalories);
  return query;
}

/**
 * `term` starts a word of searchText (its words joined by single spaces): the full-text match, tested
 * on a row; in SQL, and (wordStartIn) in JS for the rows a walk reads. foods.search.test.ts runs both
 * on the same texts, on both databases.
 */
export function startsAWord(term: string, postgres: boolean, searchText = 'foods.searchText'): Expression<SqlBool> {
  // The substring test first, on the column itself: the cheapest (a walk's entries are mostly
  // rejected by it), served by PostgreSQL's trigram index and estimated from the column's statistics.
  // Then the word start: on SQLite two more LIKEs; on PostgreSQL one LIKE on an expression, which
  // the planner neither splits into two index scans (as it does an OR) nor estimates from statistics.
  const column = sql.ref(searchText);
  const substring = sql`${column} like ${`%${term}%`}`;
  if (postgres) return sql<SqlBool>`(${substring} and (' ' || ${column}) like ${`% ${term}%`})`;
  return sql<SqlBool>`(${substring} and (${column} like ${`${term}%`} or ${column} like ${`% ${term}%`}))`;
}

/** startsAWord on a searchText read: " " + searchText holds " " + term. */
export const wordStartIn = (searchText: string, term: string): boolean => ` ${searchText}`.includes(` ${term}`);

/** How many visible foods match, all of them (list: remembered while the foods are unchanged, list-memo.ts). */
export async function countFoods(db: Db, filter: FoodFilter): Promise<{ total: number; capped: boolean }> {
  const total = await countOf(db, ['foods'], visible(db, filter).select((eb) => eb.fn.countAll<number | string>().as('n')));
  return { total, capped: false };
}

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
  const skipped = page !== undefined && page > 1 ? (page - 1) * pageSize : 0;
  let counted: { total: number; capped: boolean } | null = null;
  let rows;
  if (filter.terms?.length) {
    // The full-text index finds the matches; when they are few (at most the cap), the page is read
    // from them in name order; when many, the name-order walk finds a page's worth within its first
    // entries (each entry's words tested: the same match as the index's). The capped count comes
    // first (remembered while the foods are unchanged), but for several words on SQLite, where the
    // page and the count are one statement (FTS5 intersects the lists once).
    const terms = filter.terms;
    const cap = Math.max(options.totalCap ?? SEARCH_TOTAL_CAP, (page ?? 1) * pageSize);
    let n = terms.length === 1 || isPostgres(db) ? await countMatches(db, filter, terms, cap) : undefined;
    const found = n !== undefined && n > cap ? undefined : await matchedPage(db, filter, terms, cap, after, skipped, pageSize + 1, n === undefined);
    n ??= found?.matches ?? (await countMatches(db, filter, terms, cap));
    counted = n > cap ? { total: cap, capped: true } : { total: n, capped: false };
    if (found && !counted.capped) {
      rows = found.ids.length === 0 ? [] : await readPage(db, db.selectFrom('foods').selectAll().where('id', 'in', found.ids).orderBy('nameKey').orderBy('id'), pageSize, foods.freeForm);
    }
    if (after) counted = null;
  }
  if (rows === undefined && filter.terms?.length && isPostgres(db)) {
    rows = await walkedPage(db, filter, filter.terms, after, skipped, pageSize + 1);
  }
  if (rows === undefined) {
    let rowsQuery = visible(db, filter).selectAll().orderBy('nameKey').orderBy('id').limit(pageSize + 1);
    if (after) rowsQuery = rowsQuery.where((eb) => eb(eb.refTuple('nameKey', 'id'), '>', eb.tuple(after.nameKey, after.id)));
    else if (skipped > 0) rowsQuery = rowsQuery.offset(skipped);
    rows = await readPage(db, rowsQuery, pageSize, foods.freeForm);
  }
  const more = rows.length > pageSize;
  // A first page that holds every match is its own count: no second pass over the foods.
  if (counted === null && !after) counted = page === 1 && !more ? { total: rows.length, capped: false } : await countFoods(db, filter);
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

/**
 * PostgreSQL: a page of the many matches along the name index, as SQLite's walk. Asked for the
 * word-start test in name order, the planner misjudges how many foods pass it and collects every
 * match through the trigram index to sort them (a common word: 15-130 ms). Asked for the substring
 * test alone (estimated from the column's statistics) it walks the name index; the word start is
 * then tested here (the same test: " " + searchText holds " " + word), and the walk goes on from the
 * last food read while the page is not full.
 */
async function walkedPage(db: Db, filter: FoodFilter, terms: readonly string[], after: CursorKey | undefined, skipped: number, limit: number) {
  const ids: string[] = [];
  let toSkip = skipped;
  let from = after;
  // Most entries holding a common word hold it at a word's start: a page's worth and a little more.
  const chunk = limit + skipped + 16;
  for (;;) {
    let query = visible(db, { ...filter, terms: undefined }).select(['id', 'nameKey', 'searchText']).orderBy('nameKey').orderBy('id').limit(chunk);
    for (const term of terms) query = query.where(sql.ref('searchText'), 'like', `%${term}%`);
    const start = from;
    if (start) query = query.where((eb) => eb(eb.refTuple('nameKey', 'id'), '>', eb.tuple(start.nameKey, start.id)));
    const found = await query.execute();
    for (const food of found) {
      if (!terms.every((term) => wordStartIn(food.searchText, term))) continue;
      if (toSkip > 0) toSkip--;
      else if (ids.push(food.id) === limit) break;
    }
    const last = found[found.length - 1];
    if (ids.length === limit || found.length < chunk || !last) break;
    from = { nameKey: last.nameKey, id: last.id };
  }
  return ids.length === 0 ? [] : readPage(db, db.selectFrom('foods').selectAll().where('id', 'in', ids).orderBy('nameKey').orderBy('id'), limit - 1, foods.freeForm);
}

/** The filters of a search besides its words, on the foods row `f`. */
function otherFilters(filter: FoodFilter): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.categoryId !== undefined) conditions.push(sql`f."categoryId" = ${filter.categoryId}`);
  if (filter.category !== undefined) conditions.push(sql`f."categoryKey" = ${keyOf(filter.category)}`);
  if (filter.minCalories !== undefined) conditions.push(sql`f."calories" >= ${filter.minCalories}`);
  if (filter.maxCalories !== undefined) conditions.push(sql`f."calories" <= ${filter.maxCalories}`);
  return conditions;
}

/**
 * The visible foods of which every term starts a word, as (id, nameKey): on SQLite from the
 * full-text index (migration 0148), foodsFts (each term a prefix query) and foodSearch (the food
 * and its nameKey), the foods rows joined only for the other filters; on PostgreSQL the word-start
 * tests, whose substring parts the trigram index of searchText serves (a bitmap of each word's
 * trigrams: exact keys, where a tsvector's prefix query scans its index for every word it starts).
 */
function matches(db: Db, filter: FoodFilter, terms: readonly string[]): RawBuilder<unknown> {
  const others = otherFilters(filter);
  if (isPostgres(db)) {
    const where = sql.join([sql`f."isActive"`, ...terms.map((term) => startsAWord(term, true, 'f.searchText')), ...others], sql` and `);
    return sql`select f."id" as "id", f."nameKey" as "nameKey" from "foods" f where ${where}`;
  }
  const query = terms.map((term) => `"${term}"*`).join(' AND ');
  const joined = others.length ? sql` join "foods" f on f."id" = s."foodId" and ${sql.join(others, sql` and `)}` : sql``;
  return sql`select s."foodId" as "id", s."nameKey" as "nameKey" from "foodsFts" join "foodSearch" s on s."rowid" = "foodsFts"."rowid"${joined} where "foodsFts" match ${query}`;
}

/** How many foods match, counting at most `cap` + 1 of them (remembered while the foods are unchanged, list-memo.ts). */
function countMatches(db: Db, filter: FoodFilter, terms: readonly string[], cap: number): Promise<number> {
  const found = sql`(${matches(db, filter, terms)} limit ${cap + 1})`.as('found');
  return countOf(db, ['foods'], db.selectFrom(found).select((eb) => eb.fn.countAll<number | string>().as('n')));
}

/**
 * A page of the first `cap` + 1 matches in (nameKey, id) order (after a cursor, else past
 * `skipped`), and how many those are (`matches`: undefined when the page has no row to say it).
 * The page is right when they are at most `cap`.
 */
async function matchedPage(db: Db, filter: FoodFilter, terms: readonly string[], cap: number, after: CursorKey | undefined, skipped: number, limit: number, counting: boolean): Promise<{ ids: string[]; matches: number | undefined }> {
  const from = after ? sql`where ("nameKey", "id") > (${after.nameKey}, ${after.id})` : sql``;
  // Counted here only where the caller has not counted them (several words on SQLite).
  const counted = counting ? sql`(select count(*) from "found")` : sql`null`;
  const { rows } = await sql<{ id: string; n: number | string | null }>`
    with "found" as materialized (${matches(db, filter, terms)} limit ${cap + 1})
    select "id", ${counted} as "n" from "found" ${from} order by "nameKey", "id" limit ${limit} offset ${after ? 0 : skipped}`.execute(db);
  return { ids: rows.map((row) => row.id), matches: rows[0]?.n == null ? undefined : Number(rows[0].n) };
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
