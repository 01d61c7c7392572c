import type { DatabaseHandle } from '../db/database.ts';
import { TableCache, type AnnouncedTable } from '../db/table-cache.ts';
import { loadCaller, type Caller } from './caller.ts';

/** What a caller is read from. */
const CALLER_TABLES: readonly AnnouncedTable[] = ['users', 'identities'];

/**
 * The callers of recent requests (their user records: organizations, roles, blocking; and their
 * identity's token version), reused while nothing can have changed them, so that a request does
 * not read them again (docs/contract.md, "Audiences and roles": a role change or a block takes effect at once). An
 * entry holds while no write of this process has touched `users` or `identities`
 * (write-tracking.ts) and no other process may have changed them
 * (DatabaseHandle.externalVersion: SQLite's data_version, PostgreSQL's NOTIFY). While the
 * database cannot tell about other processes, nothing is cached: every request reads its caller.
 * On PostgreSQL a remembered caller is used only after a round trip on the listening connection
 * that comes back behind every notification committed before the request (ChangeListener.barrier),
 * so another process's change counts for the next request too (docs/identity.md).
 */
export class CallerCache {
  readonly #database: DatabaseHandle;
  readonly #callers: TableCache;

  constructor(database: DatabaseHandle) {
    this.#database = database;
    this.#callers = new TableCache(database);
  }

  get(idpUserId: string): Promise<Caller> {
    return this.#callers.get(CALLER_TABLES, idpUserId, () => loadCaller(this.#database.db, idpUserId));
  }
}
