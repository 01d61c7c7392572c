/**
 * Calendar arithmetic in an IANA time zone, with nothing but Intl: "today" in the service's zone,
 * the instant a day starts, a wall-clock time on a date. Daylight-saving changes are handled by
 * settling the zone offset in two passes.
 */

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading in `timeZone` at the instant `ms`. */
export function wallTime(timeZone: string, ms: number): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const get = (name: keyof WallTime) => parts[name] ?? 0;
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** How far the zone's wall clock is ahead of UTC at the instant `ms`, in ms. */
export function offsetAt(timeZone: string, ms: number): number {
  const p = wallTime(timeZone, ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

function parseDate(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

/** The instant the wall-clock time `minutes` after midnight on `date` happens in `timeZone`. */
export function zonedInstant(date: string, minutes: number, timeZone: string): number {
  const [y, m, d] = parseDate(date);
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  if (timeZone === 'UTC') return wall;
  const first = wall - offsetAt(timeZone, wall);
  return wall - offsetAt(timeZone, first);
}

/** The instant the day `date` (YYYY-MM-DD) begins in `timeZone`. */
export function dayStart(date: string, timeZone: string): number {
  return zonedInstant(date, 0, timeZone);
}

/** The calendar date (YYYY-MM-DD) of an instant in `timeZone`. */
export function dateIn(timeZone: string, ms: number): string {
  const p = wallTime(timeZone, ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(p.year)}-${pad(p.month)}-${pad(p.day)}`;
}

/** `date` moved by `days` calendar days (negative goes back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function nextDay(date: string): string {
  return addDays(date, 1);
}

/** Day of the week of a calendar date: 0 = Sunday ... 6 = Saturday. */
export function weekday(date: string): number {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** [from, to) in unix ms covering the days `fromDate` to `toDate`, both inclusive; either end may be open. */
export function dayRange(fromDate: string | undefined, toDate: string | undefined, timeZone: string): { from?: number; to?: number } {
  return {
    ...(fromDate ? { from: dayStart(fromDate, timeZone) } : {}),
    ...(toDate ? { to: dayStart(nextDay(toDate), timeZone) } : {}),
  };
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
