import { AppError } from './errors.ts';

const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_CONSTRAINT_FOREIGNKEY = 787;
const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';

/** A uniqueness clash from either database becomes CONFLICT, a foreign-key violation INVALID_STATE; anything else is left as it is. */
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
  return undefined;
}
