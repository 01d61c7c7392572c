/**
 * A numeric column read back as a number, null kept: PostgreSQL answers bigint columns (unix-ms
 * times) and numeric ones as strings or bigints, SQLite as numbers.
 */
export function numberOrNull(value: number | bigint | string | null): number | null {
  return value === null ? null : Number(value);
}
