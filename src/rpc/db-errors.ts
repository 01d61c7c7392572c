import { AppError } from './errors.ts';

const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const PG_UNIQUE_VIOLATION = '23505';

/** A uniqueness clash from either database becomes CONFLICT; anything else is left as it is. */
export function fromDatabaseError(error: unknown): AppError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { code?: unknown; errcode?: unknown };
  if (e.code === PG_UNIQUE_VIOLATION || e.errcode === SQLITE_CONSTRAINT_UNIQUE || e.errcode === SQLITE_CONSTRAINT_PRIMARYKEY) {
    return new AppError('CONFLICT', 'a record with the same unique values already exists');
  }
  return undefined;
}
