import type { Db } from '../../db/database.ts';
import { AppError } from '../../values/errors.ts';

/** The most documents of one series in one financial year: six digits keep a number within 16 characters. */
export const MAX_SEQUENCE = 999_999;

/** The Indian financial year (April to March) of a date, e.g. '2026-11-25' → '2026-27'. */
export function financialYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** As printed: prefix, the year's two two-digit halves, the sequence: 'INV/2627/17' (at most 16 characters). */
export function documentNumber(series: string, financialYear: string, sequence: number): string {
  return `${series}/${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}/${sequence}`;
}

/**
 * Takes the next number of the series in the financial year, in the issuing transaction: one upsert
 * reads and increments, so concurrent issuers never get the same number, and a transaction that
 * rolls back gives its number back (no gap). On PostgreSQL the counter's row stays locked until the
 * issuer commits; on SQLite one writer runs at a time, across processes too.
 */
export async function takeNumber(db: Db, organizationId: string, series: string, financialYear: string, now: number): Promise<number> {
  const row = await db
    .insertInto('billingCounters')
    .values({ organizationId, series, financialYear, lastSequence: 1, updatedAt: now })
    .onConflict((oc) =>
      oc
        .columns(['organizationId', 'series', 'financialYear'])
        .doUpdateSet((eb) => ({ lastSequence: eb('billingCounters.lastSequence', '+', 1), updatedAt: now }))
        .where('billingCounters.lastSequence', '<', MAX_SEQUENCE),
    )
    .returning('lastSequence')
    .executeTakeFirst();
  if (!row) throw new AppError('INVALID_STATE', `the series ${series} has issued ${MAX_SEQUENCE} documents in ${financialYear}, the most it can number`);
  return Number(row.lastSequence);
}
