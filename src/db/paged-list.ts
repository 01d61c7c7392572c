import { AliasNode, IdentifierNode, PostgresAdapter, ReferenceNode, SelectAllNode, SelectionNode, SelectQueryNode, sql, TableNode, type KyselyPlugin, type RawBuilder, type OperationNode, type SelectQueryBuilder } from 'kysely';
import { AppError } from '../values/errors.ts';
import { offsetOf, pageOf, type Page } from '../values/paging.ts';
import type { Db } from './database.ts';
import { countOf } from './list-memo.ts';
import type { Database } from './schema.ts';

/**
 * One page of a list read with LIMIT / OFFSET: `rows` (the `filtered` query selecting every column
 * of its table, and its order) cut to the page and read within the page budget (readPage), and
 * `total` counted over `filtered`, remembered while `tables` are unchanged (countOf). `freeForm`:
 * the table's columns that no schema bounded before the bounds existed (JSON and lists).
 */
export async function pageOfQuery<TB extends keyof Database, F, O, R>(
  db: Db,
  tables: readonly string[],
  filtered: SelectQueryBuilder<Database, TB, F>,
  rows: SelectQueryBuilder<Database, TB, O>,
  page: number,
  pageSize: number,
  toItem: (row: O) => R,
  freeForm: readonly string[] = [],
): Promise<Page<R>> {
  const [found, total] = await Promise.all([
    readPage(db, rows.limit(pageSize).offset(offsetOf(page, pageSize)), pageSize, freeForm),
    countOf(db, tables, filtered.select((eb) => eb.fn.countAll<number | string>().as('n'))),
  ]);
  return pageOf(found.map(toItem), total, page, pageSize);
}

/** The column of a bounded read that carries each row's bytes of text. */
export const ROW_BYTES = '__rowBytes';

export interface TableColumns {
  all: readonly string[];
  /** Text columns (free text and JSON): what can make a row large. */
  text: readonly string[];
}

const columnsCache = new Map<string, Promise<TableColumns>>();
const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The columns of `table` as migrated (read once per process and dialect). */
export function columnsOf(db: Db, table: string): Promise<TableColumns> {
  const postgres = isPostgres(db);
  const key = `${postgres ? 'postgres' : 'sqlite'}:${table}`;
  let cached = columnsCache.get(key);
  if (!cached) {
    const query = postgres
      ? sql<{ name: string; type: string }>`select column_name as name, data_type as type from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`
      : sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`;
    cached = query.execute(db).then(({ rows }) => {
      if (!rows.length) throw new Error(`no columns found for table ${table}`);
      const isText = (type: string) => /text|char|json/i.test(type);
      return { all: rows.map((r) => r.name), text: rows.filter((r) => isText(r.type)).map((r) => r.name) };
    });
    cached.catch(() => columnsCache.delete(key));
    columnsCache.set(key, cached);
  }
  return cached;
}

/**
 * The selection of a bounded read of `table`: every column, the bytes of its `freeForm` columns
 * (those no schema bounded before the bounds existed) as ROW_BYTES, and those columns only when
 * together they are at most `cap` bytes (else null). The database measures them (octet_length, no
 * copy), so such a value over the cap never reaches the driver. Other text columns were always
 * bounded by their schemas (10,000 characters): they are read whole and counted by readPage
 * (boundedTextBytes), not capped (docs/api.md "Bounds").
 * The SQL text is built once per table and dialect; a read only binds the cap.
 */
export function boundedSelection(db: Db, table: string, columns: TableColumns, freeForm: readonly string[], cap: number, as = table): RawBuilder<unknown> {
  const postgres = isPostgres(db);
  const key = `${postgres ? 'postgres' : 'sqlite'}:${table} as ${as}:${freeForm.join(',')}`;
  let parts = selectionTexts.get(key);
  if (!parts) {
    parts = selectionTextOf(as, columns, freeForm, postgres ? '::bigint' : '');
    selectionTexts.set(key, parts);
  }
  const [first, ...rest] = parts;
  return sql.join([sql.raw(first!), ...rest.map((text) => sql`${cap}${sql.raw(text)}`)], sql.raw(''));
}

const selectionTexts = new Map<string, readonly string[]>();

/** The selection's SQL text, split where the cap is bound; `table` is the name the query reads it by. */
function selectionTextOf(table: string, columns: TableColumns, freeForm: readonly string[], capCast: string): string[] {
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const ref = (column: string) => `${quoted(table)}.${quoted(column)}`;
  const sum = (names: readonly string[]) => (names.length ? names.map((c) => `coalesce(octet_length(${ref(c)}), 0)`).join(' + ') : '0');
  const capped = new Set(freeForm.filter((c) => columns.all.includes(c)));
  const freeBytes = sum([...capped]);
  const parts: string[] = [];
  let text = '';
  for (const column of columns.all) {
    if (text) text += ', ';
    if (capped.has(column)) {
      parts.push(`${text}case when ${freeBytes} <= `);
      text = `${capCast} then ${ref(column)} end as ${quoted(column)}`;
    } else {
      text += `${ref(column)} as ${quoted(column)}`;
    }
  }
  parts.push(`${text}, ${freeBytes} as ${quoted(ROW_BYTES)}`);
  return parts;
}

const wholeTextColumns = new WeakMap<TableColumns, Map<string, string[]>>();

/**
 * The text columns a bounded read returns whole: every one but the `freeForm` ones, which the
 * database measures and caps. Worked out once per table (columnsOf's object) and `freeForm`.
 */
export function boundedTextColumns(columns: TableColumns, freeForm: readonly string[]): string[] {
  let byFreeForm = wholeTextColumns.get(columns);
  if (!byFreeForm) wholeTextColumns.set(columns, (byFreeForm = new Map<string, string[]>()));
  const key = freeForm.join(',');
  let whole = byFreeForm.get(key);
  if (!whole) byFreeForm.set(key, (whole = columns.text.filter((column) => !freeForm.includes(column))));
  return whole;
}

/**
 * The bytes (UTF-8, as octet_length counts them) of a row's `columns`, measured here rather than
 * in SQL: per column per row in the statement, the count cost a page more than reading its rows.
 */
export function boundedTextBytes(row: Record<string, unknown>, columns: readonly string[]): number {
  let bytes = 0;
  for (const column of columns) {
    const value = row[column];
    if (typeof value === 'string') bytes += Buffer.byteLength(value, 'utf8');
  }
  return bytes;
}

export const pageTooLarge = (pageSize: number, budget: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `this page would be larger than ${budget} bytes: ask for a smaller pageSize (this one was ${pageSize}), or read the largest records one by one`);

/**
 * Reads one page within `budget` bytes of text. `read(cap)` runs the page query with
 * boundedSelection: rows over `cap` come back without their text. The first read caps each row
 * at its share of the budget (budget / pageSize), which holds for almost every page, with one
 * query. When some row was over its share but the page as a whole fits, the page is read once
 * more with the cap raised to its largest row; a page over the budget is PAYLOAD_TOO_LARGE (413).
 * A row past `pageSize` (the first of the next page, read for where it starts) is not counted:
 * it comes back without its text when over the cap.
 */
export async function readWithinBudget<R extends Record<string, unknown>>(read: (cap: number) => Promise<R[]>, pageSize: number, budget: number): Promise<R[]> {
  const share = Math.floor(budget / pageSize);
  const bytesOf = (row: R) => Number(row[ROW_BYTES] ?? 0);
  const measure = (rows: R[]) => {
    const page = rows.slice(0, pageSize);
    return { total: page.reduce((sum, row) => sum + bytesOf(row), 0), largest: page.reduce((max, row) => Math.max(max, bytesOf(row)), 0) };
  };
  let rows = await read(share);
  const { total, largest } = measure(rows);
  if (total > budget) throw pageTooLarge(pageSize, budget);
  if (largest > share) {
    rows = await read(largest);
    // Changed in between (a row grew past what was measured): its text did not come back.
    const again = measure(rows);
    if (again.largest > largest || again.total > budget) throw pageTooLarge(pageSize, budget);
  }
  for (const row of rows) delete row[ROW_BYTES];
  return rows;
}

/** PAGE_BUDGET_BYTES when the app set none (src/config.ts has the same default). */
export const DEFAULT_PAGE_BUDGET_BYTES = 8 * 1024 * 1024;
const budgets = new WeakMap<object, number>();

/**
 * The page budget of `db` (buildApp sets config PAGE_BUDGET_BYTES). Kept with the dialect's
 * adapter, which `db` shares with its transactions, so a list read in a transaction has it too.
 */
export function setPageBudget(db: Db, bytes: number): void {
  budgets.set(db.getExecutor().adapter, bytes);
}

export function pageBudgetOf(db: Db): number {
  return budgets.get(db.getExecutor().adapter) ?? DEFAULT_PAGE_BUDGET_BYTES;
}

interface PageQuery<O> {
  toOperationNode(): OperationNode;
  withPlugin(plugin: KyselyPlugin): { execute(): Promise<O[]> };
}

/**
 * The rows of a page query read within the page budget of `db`: `query` selects every column of
 * one table (`selectAll()` from it alone, or `selectAll(table)` in a join) and may select more;
 * that `*` is replaced by boundedSelection (the `freeForm` columns capped, ROW_BYTES added) and
 * the page read with readWithinBudget (`pageSize`: the page's rows; a query may read one more, the
 * first of the next page). One query unless a row is over its share of the budget.
 */
export async function readPage<O>(db: Db, query: PageQuery<O>, pageSize: number, freeForm: readonly string[], budget = pageBudgetOf(db)): Promise<O[]> {
  const node = query.toOperationNode();
  if (!SelectQueryNode.is(node)) throw new Error('readPage reads a select query');
  const { table, as } = everyColumnOf(node);
  const columns = await columnsOf(db, table);
  const measuredHere = boundedTextColumns(columns, freeForm);
  const read = async (cap: number) => {
    // A selection of raw SQL (the column list): the compiler writes any node it is given.
    const bounded = [SelectionNode.create(boundedSelection(db, table, columns, freeForm, cap, as).toOperationNode() as never)];
    const rows = (await query.withPlugin(selectingInstead(bounded)).execute()) as Record<string, unknown>[];
    for (const row of rows) row[ROW_BYTES] = Number(row[ROW_BYTES] ?? 0) + boundedTextBytes(row, measuredHere);
    return rows;
  };
  return (await readWithinBudget(read, pageSize, budget)) as O[];
}

/** Where `node` selects every column of one table, which table, and the name the query reads it by (an alias, or its own). */
function everyColumnOf(node: SelectQueryNode): { at: number; table: string; as: string } {
  const selections = node.selections ?? [];
  for (let at = 0; at < selections.length; at++) {
    const selection = selections[at]!.selection;
    if (SelectAllNode.is(selection)) {
      const froms = node.from?.froms ?? [];
      const from = froms[0];
      if (froms.length !== 1 || node.joins?.length || !from) continue;
      if (TableNode.is(from)) return { at, table: from.table.identifier.name, as: from.table.identifier.name };
      if (AliasNode.is(from) && TableNode.is(from.node) && IdentifierNode.is(from.alias)) return { at, table: from.node.table.identifier.name, as: from.alias.name };
    } else if (ReferenceNode.is(selection) && SelectAllNode.is(selection.column) && selection.table) {
      const name = selection.table.table.identifier.name;
      return { at, table: name, as: name };
    }
  }
  throw new Error('a page query selects every column of one table: selectAll() from it alone, or selectAll(table)');
}

/** A plugin putting `bounded` in place of the `*` of the query it runs (not of its subqueries). */
function selectingInstead(bounded: readonly SelectionNode[]): KyselyPlugin {
  return {
    transformQuery({ node }) {
      if (!SelectQueryNode.is(node)) return node;
      const { at } = everyColumnOf(node);
      const selections = node.selections!;
      return Object.freeze({ ...node, selections: [...selections.slice(0, at), ...bounded, ...selections.slice(at + 1)] });
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
}
