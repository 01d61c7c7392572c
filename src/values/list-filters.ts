import { z } from 'zod';
import { date, filter } from './fields.ts';

/**
 * Filters the main lists take beyond the interface (docs/contract.md, "Lists' filters"): a range
 * of days and one status or several.
 */

/** The most days a list's dateFrom..dateTo may span, both included. */
export const MAX_RANGE_DAYS = 366;

const MS_PER_DAY = 86_400_000;

/** `dateFrom` / `dateTo`: the days of `what` to keep, both included, given together; check them with checkDateRange. */
export function dateRangeFields(what: string) {
  const said = `extension: with dateTo/dateFrom, keeps ${what} from dateFrom to dateTo (both included, at most ${MAX_RANGE_DAYS} days)`;
  return {
    dateFrom: filter(date().describe(`first day; ${said}`)),
    dateTo: filter(date().describe(`last day; ${said}`)),
  };
}

export interface DateRangeInput {
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/** Both or neither, dateTo not before dateFrom, at most MAX_RANGE_DAYS days: else an issue naming the field. */
export function checkDateRange(input: DateRangeInput, ctx: z.RefinementCtx): void {
  const { dateFrom, dateTo } = input;
  if (dateFrom === undefined && dateTo === undefined) return;
  if (dateFrom === undefined || dateTo === undefined) {
    ctx.addIssue({ code: 'custom', path: [dateFrom === undefined ? 'dateFrom' : 'dateTo'], message: 'give dateFrom and dateTo together' });
  } else if (dateTo < dateFrom) {
    ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'must not be before dateFrom' });
  } else if ((Date.parse(dateTo) - Date.parse(dateFrom)) / MS_PER_DAY >= MAX_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['dateTo'], message: `at most ${MAX_RANGE_DAYS} days from dateFrom` });
  }
}

/** The days given, when both are. */
export function daysOf(input: DateRangeInput): { from: string; to: string } | undefined {
  return input.dateFrom !== undefined && input.dateTo !== undefined ? { from: input.dateFrom, to: input.dateTo } : undefined;
}

/** One of `values` or a list of them, answered as a list; null, omitted or [] (as the interface's `status s[]` filters): no filter. */
export function oneOrMany<const T extends readonly [string, ...string[]]>(values: T, what: string) {
  const one = z.enum(values);
  const message = `must be one of ${values.join(', ')}, or a list of them`;
  const either = z.union([one, z.array(one).max(values.length)], { error: message });
  return filter(either.describe(`extension: keeps ${what} in this status or in any of these: ${values.join(', ')}`)).transform((v) =>
    v === undefined ? undefined : typeof v === 'string' ? [v] : v.length ? v : undefined,
  );
}
