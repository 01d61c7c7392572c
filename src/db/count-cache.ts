import type { Compilable } from 'kysely';
import type { Db } from './database.ts';
import type { WriteVersions } from './write-tracking.ts';

/** How long a remembered count may be used at most: the bound on what writes of other processes, and time passing, can leave unseen. */
export const COUNT_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  n: number;
  signature: string;
  at: number;
}

/**
 * Counts of paged lists, remembered (docs/PERFORMANCE.md, "Counts"). An exact count over tens of
 * thousands of rows costs milliseconds, and a list asked again (the next page, a screen refreshed)
 * usually counts the same rows again. A count is reused while no write of this process has
 * touched the tables it reads (write-tracking.ts: versions change when a write runs and when its
 * transaction ends, committed or not) and for at most COUNT_TTL_MS, which bounds what writes by
 * other processes can leave unseen. Inside a transaction nothing is remembered or reused.
 */
export class CountCache {
  readonly #versions: WriteVersions;
  readonly #entries = new Map<string, Entry>();
  readonly #clock: () => number;

  constructor(versions: WriteVersions, clock: () => number = () => performance.now()) {
    this.#versions = versions;
    this.#clock = clock;
  }

  async count(tables: readonly string[], query: Compilable<{ n: number | string | bigint }> & { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }): Promise<number> {
    const compiled = query.compile();
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const signature = this.#versions.signature(tables);
    const now = this.#clock();
    const hit = this.#entries.get(key);
    if (hit && hit.signature === signature && now - hit.at < COUNT_TTL_MS) return hit.n;
    const n = Number((await query.executeTakeFirstOrThrow()).n);
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { n, signature, at: now });
    return n;
  }

  clear(): void {
    this.#entries.clear();
  }
}

const caches = new WeakMap<object, CountCache>();

export function registerCountCache(db: Db, cache: CountCache): void {
  caches.set(db, cache);
}

/**
 * `count(*)` of the query (a select of one column `n`), remembered for the tables it reads when
 * `db` is a database opened by openDatabase; counted every time inside a transaction.
 */
export async function countOf(
  db: Db,
  tables: readonly string[],
  query: Compilable<{ n: number | string | bigint }> & { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> },
): Promise<number> {
  const cache = db.isTransaction ? undefined : caches.get(db);
  if (cache) return cache.count(tables, query);
  return Number((await query.executeTakeFirstOrThrow()).n);
}
