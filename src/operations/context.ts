import type { FastifyBaseLogger } from 'fastify';
import type { Caller, Membership } from '../caller/caller.ts';
import type { Config } from '../config.ts';
import type { Db, Dialect } from '../db/database.ts';
import type { Services } from '../provider-interfaces.ts';

export interface Context {
  /** Inside a writing operation this is already the operation's transaction. */
  db: Db;
  dialect: Dialect;
  config: Config;
  services: Services;
  caller: Caller;
  /** The organization the call concerns, resolved and checked before the handler (null: none). */
  organizationId: string | null;
  /** The caller's membership there (a platform admin acting anywhere: its platform-level record). */
  membership: Membership | null;
  /**
   * The caller was admitted as the owner of the data (a `self` operation: a patient's own account),
   * not as staff: handlers keep the rules a patient acting for itself is held to.
   */
  asOwner: boolean;
  requestId: string;
  /** The caller's network address. */
  ip: string;
  log: FastifyBaseLogger;
  now(): number;
}
