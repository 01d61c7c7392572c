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

/**
 * A uniqueness clash from either database becomes CONFLICT, a foreign-key violation INVALID_STATE, a
 * value PostgreSQL cannot store VALIDATION_FAILED; anything else is left as it is.
 */
export function fromDatabaseError(error: unknown): AppError | undefined {
  if (!error || typeof error !== 'object') return undefined;
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
