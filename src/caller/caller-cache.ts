import type { DatabaseHandle } from '../db/database.ts';
import { loadCaller, type Caller } from './caller.ts';

const MAX_ENTRIES = 10_000;

interface Entry {
  caller: Caller;
  signature: string;
}

/**
 * The callers of recent requests (their user records: organizations, roles, blocking; and their
 * identity's token version), reused while nothing can have changed them, so that a request does
 * not read them again (CONTRACT.md section 5: a role change or a block takes effect at once). An
 * entry holds while no write of this process has touched `users` or `identities`
 * (write-tracking.ts) and no other process may have changed them
 * (DatabaseHandle.externalUsersVersion: SQLite's data_version, PostgreSQL's NOTIFY). While the
 * database cannot tell about other processes, nothing is cached: every request reads its caller.
 * On PostgreSQL a remembered caller is used only after a round trip on the listening connection
 * that comes back behind every notification committed before the request (ChangeListener.barrier),
 * so another process's change counts for the next request too (docs/identity.md).
 */
export class CallerCache {
  readonly #database: DatabaseHandle;
  readonly #entries = new Map<string, Entry>();

  constructor(database: DatabaseHandle) {
    this.#database = database;
  }

  async get(idpUserId: string): Promise<Caller> {
    // Only a remembered caller needs the barrier: one read now is current whatever arrives later.
    if (this.#entries.has(idpUserId)) await this.#database.externalUsersBarrier();
    const external = this.#database.externalUsersVersion();
    if (external === undefined) return loadCaller(this.#database.db, idpUserId);
    const signature = `${external}/${this.#database.versions.signature(['users', 'identities'])}`;
    const hit = this.#entries.get(idpUserId);
    if (hit?.signature === signature) return hit.caller;
    const caller = await loadCaller(this.#database.db, idpUserId);
    this.#entries.delete(idpUserId);
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(idpUserId, { caller, signature });
    return caller;
  }
}
