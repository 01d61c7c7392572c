import type { Compilable } from 'kysely';
import type { Db } from './handle.ts';
import type { WriteVersions } from './write-tracking.ts';

/**
 * How long a remembered count or page start may be used at most: the bound on what writes of other
 * processes, and time passing, can leave unseen.
 */
export const LIST_MEMO_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  signature: string;
  at: number;
}

type CountQuery = Compilable<{ n: number | string | bigint }> & { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> };

/**
 * What paged lists learn and can reuse on the next request (docs/architecture.md, "Writes are
 * tracked per table"):
 * - counts: an exact `total` over tens of thousands of rows costs milliseconds, and a list asked
 *   again (the next page, a screen refreshed) counts the same rows again;
 * - page starts: where a page begins in the list's order (the sort key of its first row), so that
 *   page k is read by seeking to that key instead of skipping (k - 1) x pageSize rows. Serving
 *   page k teaches where pages k and k + 1 start, so paging forward seeks every time.
 * A value is reused while no write of this process has touched the tables it was read from
 * (write-tracking.ts: versions change when a write runs and when its transaction ends, committed
 * or not) and for at most LIST_MEMO_TTL_MS. Rows themselves are always read fresh; what another
 * process's writes can do within that time is shift a total or a page boundary by the rows they
 * added or removed, as between two page requests anyway. Nothing is remembered or reused inside a
 * transaction.
 */
export class ListMemo {
  readonly #versions: WriteVersions;
  readonly #entries = new Map<string, Entry<unknown>>();
  readonly #clock: () => number;

  constructor(versions: WriteVersions, clock: () => number = () => performance.now()) {
    this.#versions = versions;
    this.#clock = clock;
  }

  async count(tables: readonly string[], query: CountQuery): Promise<number> {
    const compiled = query.compile();
    const key = `count\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const signature = this.#versions.signature(tables);
    const hit = this.#get<number>(key, signature);
    if (hit !== undefined) return hit;
    const n = Number((await query.executeTakeFirstOrThrow()).n);
    this.#set(key, n, signature);
    return n;
  }

  /** A reader of page starts of one list (`list`: the query and its filters, without the page). */
  pages(tables: readonly string[], list: string): PageStarts {
    const signature = this.#versions.signature(tables);
    const keyOf = (page: number) => `page\u0000${list}\u0000${page}`;
    return {
      startOf: (page) => this.#get<readonly unknown[]>(keyOf(page), signature),
      remember: (page, start) => this.#set(keyOf(page), start, signature),
    };
  }

  clear(): void {
    this.#entries.clear();
  }

  #get<T>(key: string, signature: string): T | undefined {
    const hit = this.#entries.get(key);
    if (!hit || hit.signature !== signature || this.#clock() - hit.at >= LIST_MEMO_TTL_MS) return undefined;
    return hit.value as T;
  }

  /** Stored with the signature read before the value was: a write in between makes it stale at once. */
  #set(key: string, value: unknown, signature: string): void {
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, signature, at: this.#clock() });
  }
}

export interface PageStarts {
  /** The sort key of the first row of `page`, if known. */
  startOf(page: number): readonly unknown[] | undefined;
  remember(page: number, start: readonly unknown[]): void;
}

/**
 * The rows of `page`, read with one row more than the page holds: remembers where this page and,
 * from that extra row, the next one start; returns the page's own rows.
 */
export function learnPageStarts<T>(starts: PageStarts, page: number, pageSize: number, rows: T[], keyOf: (row: T) => readonly unknown[]): T[] {
  const first = rows[0];
  const next = rows[pageSize];
  if (first) starts.remember(page, keyOf(first));
  if (next) starts.remember(page + 1, keyOf(next));
  return rows.slice(0, pageSize);
}

const memos = new WeakMap<object, ListMemo>();

export function registerListMemo(db: Db, memo: ListMemo): void {
  memos.set(db, memo);
}

/**
 * `count(*)` of the query (a select of one column `n`), remembered for the tables it reads when
 * `db` is a database opened by openDatabase; counted every time inside a transaction.
 */
export async function countOf(db: Db, tables: readonly string[], query: CountQuery): Promise<number> {
  const memo = db.isTransaction ? undefined : memos.get(db);
  if (memo) return memo.count(tables, query);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

const nothingKnown: PageStarts = { startOf: () => undefined, remember: () => undefined };

/** The page starts of a list on `db` (nothing is known or kept inside a transaction). */
export function pageStartsOf(db: Db, tables: readonly string[], list: string): PageStarts {
  const memo = db.isTransaction ? undefined : memos.get(db);
  return memo ? memo.pages(tables, list) : nothingKnown;
}
