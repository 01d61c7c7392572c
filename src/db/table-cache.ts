import type { DatabaseHandle, Db } from './handle.ts';

const MAX_ENTRIES = 10_000;

/** The tables a TableCache may remember reads of: those whose changes other processes announce (migrations 0131, 0147). */
export type AnnouncedTable = 'users' | 'identities' | 'organizations' | 'webhookSubscriptions' | 'practitionerSchedules' | 'fhirClients';

interface Entry {
  value: unknown;
  signature: string;
}

/**
 * Reads of small tables that hot writes consult every time (an organization's clock and settings,
 * its webhook subscriptions, a doctor's schedules; docs/architecture.md, "Remembered reads"),
 * remembered per key while nothing has written those tables: no write of this process
 * (write-tracking.ts: versions change when a write runs and when its transaction ends, committed
 * or not) and none of another (DatabaseHandle.externalVersion: SQLite's data_version; PostgreSQL's
 * notifications, after a round trip that brings in every one committed before the read). While
 * the database cannot tell about other processes nothing is remembered. A value is shared by its
 * readers: it must never be changed.
 */
export class TableCache {
  readonly #database: DatabaseHandle;
  readonly #entries = new Map<string, Entry>();

  constructor(database: DatabaseHandle) {
    this.#database = database;
  }

  async get<T>(tables: readonly AnnouncedTable[], key: string, load: () => Promise<T>): Promise<T> {
    if (this.#entries.has(key)) await this.#database.externalBarrier();
    const external = this.#database.externalVersion(tables);
    if (external === undefined) return load();
    // Read before the value: a write in between makes it stale at once.
    const signature = `${external}/${this.#database.versions.signature(tables)}`;
    const hit = this.#entries.get(key);
    if (hit?.signature === signature) return hit.value as T;
    const value = await load();
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, signature });
    return value;
  }
}

/**
 * Keyed by the Kysely adapter, which a database opened by openDatabase has of its own and shares
 * with every transaction on it: the dispatcher's, manual ones, the jobs'. A transaction's own
 * writes change the versions like any, so what it read after writing is dropped when it ends.
 */
const caches = new WeakMap<object, TableCache>();

/** Makes `database.db`, and every transaction on it, read through a TableCache. */
export function registerTableCache(database: DatabaseHandle): void {
  caches.set(database.db.getExecutor().adapter, new TableCache(database));
}

/**
 * `load()`, remembered under `key` for the tables it reads when `db` is a database opened by
 * openDatabase or a transaction on one; read every time otherwise.
 */
export function cachedRead<T>(db: Db, tables: readonly AnnouncedTable[], key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db.getExecutor().adapter);
  return cache ? cache.get(tables, key, load) : load();
}
