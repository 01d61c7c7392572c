/** What a spreadsheet may read as the start of a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (beginning with `=`, `+`, `-`, `@`,
 * a tab or a carriage return) gets a leading single quote, so it is shown as text; a number column
 * (a number, not text) is written as the number, a negative one included. Then RFC 4180: a cell
 * with a comma, quote or line break is quoted, quotes doubled; null is empty.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const isNumber = typeof value === 'number' || typeof value === 'bigint';
  const text = typeof value === 'string' ? value : isNumber || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  const safe = !isNumber && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
