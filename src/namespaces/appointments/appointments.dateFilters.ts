import { addDays, weekday } from '../../time/zone.ts';
import type { DateFilter } from './appointments.fields.ts';
import type { OrganizationClock } from './appointments.references.ts';
import { dayStartMinute } from './appointments.slots.ts';

export interface StartRange {
  /** [startFrom, startTo) on the start, in local minutes */
  startFrom?: number;
  startTo?: number;
  order: 'asc' | 'desc';
}

/** The first day of the ISO week (Monday) that holds `date`. */
export function weekStart(date: string): string {
  return addDays(date, -((weekday(date) + 6) % 7));
}

export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function nextMonthStart(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${String(y + 1)}-01-01` : `${String(y)}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * The start times a dateFilter keeps, on the organization's clock (its time zone, else the
 * service's): today, tomorrow, upcoming (starting now or later), past (started before now), week
 * (Monday to Sunday of this week), month (this calendar month), all. Past lists newest first, the
 * others soonest first; `all` (or none) newest first.
 */
export function startRange(filter: DateFilter | undefined, clock: OrganizationClock): StartRange {
  const day = (date: string) => dayStartMinute(date);
  switch (filter) {
    case 'today':
      return { startFrom: day(clock.today), startTo: day(addDays(clock.today, 1)), order: 'asc' };
    case 'tomorrow':
      return { startFrom: day(addDays(clock.today, 1)), startTo: day(addDays(clock.today, 2)), order: 'asc' };
    case 'upcoming':
      return { startFrom: clock.nowMinute, order: 'asc' };
    case 'past':
      return { startTo: clock.nowMinute, order: 'desc' };
    case 'week':
      return { startFrom: day(weekStart(clock.today)), startTo: day(addDays(weekStart(clock.today), 7)), order: 'asc' };
    case 'month':
      return { startFrom: day(monthStart(clock.today)), startTo: day(nextMonthStart(clock.today)), order: 'asc' };
    case 'all':
    case undefined:
      return { order: 'desc' };
  }
}
