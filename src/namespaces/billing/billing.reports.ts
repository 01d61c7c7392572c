import { date } from '../../values/fields.ts';
import { MAX_RANGE_DAYS } from '../../values/list-filters.ts';

/** What the reports share (docs/billing.md "Reports"): their date range, live documents, sums as SQL answers them. */

export const INVOICE_KINDS = ['TAX_INVOICE', 'BILL_OF_SUPPLY'] as const;

/** `dateFrom` / `dateTo`, both required (check them with checkDateRange): issue dates, both included. */
export function reportDays() {
  const said = `documents issued from dateFrom to dateTo (issue dates, in the organization's time zone; both included, at most ${MAX_RANGE_DAYS} days)`;
  return { dateFrom: date().describe(`first day: ${said}`), dateTo: date().describe(`last day: ${said}`) };
}

/**
 * A sum or count as the database answers it: a number on SQLite, a string on PostgreSQL (bigint
 * and numeric), null over no rows. Exact while it is a safe integer, which sums of paise are.
 */
export function whole(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value !== 'number' && typeof value !== 'string' && typeof value !== 'bigint') throw new Error(`not a sum: ${typeof value}`);
  const exact = BigInt(value);
  if (exact > BigInt(Number.MAX_SAFE_INTEGER) || exact < -BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`a sum past the safe integers: ${exact}`);
  return Number(exact);
}

/** A sum of quantities (up to 3 decimals, stored as double precision), to 3 decimals. */
export const quantity = (value: unknown) => Math.round(Number(value ?? 0) * 1000) / 1000;

/** Figures in paise, summed key by key. */
export function addInto<K extends string>(into: Record<K, number>, from: Record<K, number>, sign = 1): void {
  for (const key of Object.keys(into) as K[]) into[key] += sign * from[key];
}
