import { AppError } from '../values/errors.ts';

const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_CONSTRAINT_FOREIGNKEY = 787;
const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';
/**
 * PostgreSQL data exceptions that only input can cause and the schemas do not all catch: a value
 * longer than its column (varchar(64) identifiers), a number out of an integer column's range, a
 * NUL character (text cannot hold one), a character the encoding cannot hold.
 */
const PG_BAD_VALUE = new Set(['22001', '22003', '22021', '22P05']);

/** PostgreSQL going away: admin shutdown, crash shutdown, cannot connect now, connection exceptions. */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
/** The socket to the database failing (node), or the pool giving up waiting for a connection (pg). */
const SOCKET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const PG_UNAVAILABLE_MESSAGES = [/^Connection terminated/, /timeout exceeded when trying to connect/, /^Client has encountered a connection error/, /^Connection closed/];
/** Seconds a client should wait before trying again while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/** The database cannot be reached (as opposed to a query it refused). */
export function isUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (PG_UNAVAILABLE.has(code) || SOCKET_UNAVAILABLE.has(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isUnavailable);
  return typeof message === 'string' && PG_UNAVAILABLE_MESSAGES.some((m) => m.test(message));
}

/**
 * A uniqueness clash from either database becomes CONFLICT, a foreign-key violation INVALID_STATE, a
 * value PostgreSQL cannot store VALIDATION_FAILED, a database that cannot be reached UNAVAILABLE (503);
 * anything else is left as it is.
 */
export function fromDatabaseError(error: unknown): AppError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if (isUnavailable(error)) {
    return new AppError('UNAVAILABLE', 'the database is not reachable; try again shortly', { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
  }
  const e = error as { code?: unknown; errcode?: unknown };
  if (e.code === PG_UNIQUE_VIOLATION || e.errcode === SQLITE_CONSTRAINT_UNIQUE || e.errcode === SQLITE_CONSTRAINT_PRIMARYKEY) {
    return new AppError('CONFLICT', 'a record with the same unique values already exists');
  }
  // Operations check references first; this is the rare concurrent change that slipped between.
  if (e.code === PG_FOREIGN_KEY_VIOLATION || e.errcode === SQLITE_CONSTRAINT_FOREIGNKEY) {
    return new AppError('INVALID_STATE', 'a record this change refers to is gone, or another record still refers to this one');
  }
  if (typeof e.code === 'string' && PG_BAD_VALUE.has(e.code)) {
    const message = 'a value is too long, out of range, or holds a character that cannot be stored';
    return new AppError('VALIDATION_FAILED', message, { details: [{ path: '', message }] });
  }
  return undefined;
}

/** An error the service knows how to answer: an AppError as it is, a database refusal as its AppError. */
export function knownError(error: unknown): AppError | undefined {
  return error instanceof AppError ? error : fromDatabaseError(error);
}
