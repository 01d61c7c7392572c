import { addDays, weekday } from './zone.ts';

/** Calendar dates (YYYY-MM-DD) by week and month. */

/** The first day of the ISO week (Monday) that holds `date`. */
export function weekStart(date: string): string {
  return addDays(date, -((weekday(date) + 6) % 7));
}

/** The first day of the month that holds `date`. */
export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The first day of the month `months` after (negative: before) the month of `date`. */
export function addMonths(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The first day of the month after the month of `date`. */
export function nextMonthStart(date: string): string {
  return addMonths(date, 1);
}
