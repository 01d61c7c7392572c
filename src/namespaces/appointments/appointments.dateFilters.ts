import { addDays } from '../../time/zone.ts';
import { monthStart, nextMonthStart, weekStart } from '../../time/calendar.ts';
import { dayStartMinute, daysWindow } from '../../time/local-minutes.ts';
import type { DateFilter } from './appointments.fields.ts';
import type { OrganizationClock } from './appointments.references.ts';

export interface StartRange {
  /** [startFrom, startTo) on the start, in local minutes */
  startFrom?: number;
  startTo?: number;
  order: 'asc' | 'desc';
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

/**
 * The start range of a dateFilter within the days `days.from`..`days.to` (both included) when
 * given: an appointment must pass both. The dateFilter orders; a range of days alone lists
 * soonest first.
 */
export function startRangeWithin(filter: DateFilter | undefined, clock: OrganizationClock, days: { from: string; to: string } | undefined): StartRange {
  const range = startRange(filter, clock);
  if (!days) return range;
  const window = daysWindow(days.from, days.to);
  return {
    startFrom: Math.max(window.start, range.startFrom ?? window.start),
    startTo: Math.min(window.end, range.startTo ?? window.end),
    order: filter === undefined ? 'asc' : range.order,
  };
}
