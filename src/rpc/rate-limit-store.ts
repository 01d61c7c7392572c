import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import type { Db, DatabaseHandle } from '../db/database.ts';

// The library declares its store base class but its index does not export it (11.x).
const StoreAbstract = createRequire(import.meta.url)('rate-limiter-flexible/lib/RateLimiterStoreAbstract.js') as typeof RateLimiterStoreAbstract;

interface Counter {
  points: number;
  expiresAt: number | null;
}

export interface DatabaseLimiterOptions {
  database: DatabaseHandle;
  /** The limit's name: the prefix of its keys. */
  keyPrefix: string;
  points: number;
  /** Seconds of the window; 0: the count never expires. */
  duration: number;
  /** The service clock (unix ms). */
  now: () => number;
  /** Keys the HMAC that stands for what is counted in the table (storedKey). */
  secret: string;
}

/**
 * What the table keeps of a counter's key (the limit's name and the counted email, number or
 * address): the limit's name and an HMAC of the whole, so the table holds no personal data and
 * nobody without the service's secret can tell whose counter a row is.
 */
export function storedKey(secret: string, key: string, name = key.slice(0, key.lastIndexOf(':'))): string {
  return `${name}#${createHmac('sha256', secret).update(key).digest('base64url')}`;
}

/**
 * A rate-limiter-flexible store on the service's own database (table rateLimitCounters, either
 * dialect), so that all processes of a deployment count against one number. The library keeps the
 * limiting; this class only reads and writes counters. Each consume is one atomic upsert: a
 * counter whose window has ended starts again from the points consumed.
 */
export class DatabaseRateLimiter extends StoreAbstract {
  readonly #database: DatabaseHandle;
  readonly #now: () => number;
  readonly #secret: string;

  constructor(options: DatabaseLimiterOptions) {
    const { database, now, secret, ...limit } = options;
    super({ ...limit, storeClient: database.db });
    this.#database = database;
    this.#now = now;
    this.#secret = secret;
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<Counter> {
    const now = this.#now();
    const counter = { key: storedKey(this.#secret, key, this.keyPrefix), points, expiresAt: msDuration > 0 ? now + msDuration : null };
    return write(this.#database, (db) =>
      db
        .insertInto('rateLimitCounters')
        .values(counter)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => {
            if (forceExpire) return { points: eb.ref('excluded.points'), expiresAt: eb.ref('excluded.expiresAt') };
            const ended = eb('rateLimitCounters.expiresAt', '<=', now);
            return {
              points: eb.case().when(ended).then(eb.ref('excluded.points')).else(eb('rateLimitCounters.points', '+', eb.ref('excluded.points'))).end(),
              expiresAt: eb.case().when(ended).then(eb.ref('excluded.expiresAt')).else(eb.ref('rateLimitCounters.expiresAt')).end(),
            };
          }),
        )
        .returning(['points', 'expiresAt'])
        .executeTakeFirstOrThrow(),
    );
  }

  async _get(key: string): Promise<Counter | null> {
    const row = await this.#database.db
      .selectFrom('rateLimitCounters')
      .select(['points', 'expiresAt'])
      .where('key', '=', storedKey(this.#secret, key, this.keyPrefix))
      .where((eb) => eb.or([eb('expiresAt', '>', this.#now()), eb('expiresAt', 'is', null)]))
      .executeTakeFirst();
    return row ?? null;
  }

  async _delete(key: string): Promise<boolean> {
    const result = await write(this.#database, (db) => db.deleteFrom('rateLimitCounters').where('key', '=', storedKey(this.#secret, key, this.keyPrefix)).executeTakeFirst());
    return result.numDeletedRows > 0n;
  }

  _getRateLimiterRes(_key: string, changedPoints: number, counter: Counter): RateLimiterRes {
    const isFirstInDuration = changedPoints === counter.points;
    const consumedPoints = isFirstInDuration ? changedPoints : counter.points;
    const msBeforeNext = counter.expiresAt === null ? -1 : Math.max(counter.expiresAt - this.#now(), 0);
    return new RateLimiterRes(Math.max(this.points - consumedPoints, 0), msBeforeNext, consumedPoints, isFirstInDuration);
  }
}

/** Removes the counters whose window has ended (they would restart anyway). */
export async function deleteEndedCounters(database: DatabaseHandle, now: number): Promise<void> {
  await write(database, (db) => db.deleteFrom('rateLimitCounters').where('expiresAt', '<=', now).execute());
}

/** On SQLite a write joins the current group commit (as a transaction) instead of committing alone. */
function write<T>(database: DatabaseHandle, statement: (db: Db) => Promise<T>): Promise<T> {
  return database.dialect === 'sqlite' ? database.db.transaction().execute(statement) : statement(database.db);
}
