/** Calendar days of a time zone as unix-ms ranges (for date filters given as YYYY-MM-DD). */

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

/** How far the zone's wall clock is ahead of UTC at the instant `utcMs`, in ms. */
function offsetAt(timeZone: string, utcMs: number): number {
  const parts = new Map<string, number>();
  for (const p of formatter(timeZone).formatToParts(utcMs)) parts.set(p.type, Number(p.value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? 0;
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

/** The instant the day `date` (YYYY-MM-DD) begins in `timeZone`. */
export function dayStart(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(y, m - 1, d);
  if (timeZone === 'UTC') return wallMidnight;
  // Two passes: the offset at the first guess may differ from the offset at the answer (DST change).
  const guess = wallMidnight - offsetAt(timeZone, wallMidnight);
  return wallMidnight - offsetAt(timeZone, guess);
}

export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** [from, to) in unix ms covering the days `fromDate` to `toDate`, both inclusive; either end may be open. */
export function dayRange(fromDate: string | undefined, toDate: string | undefined, timeZone: string): { from?: number; to?: number } {
  return {
    ...(fromDate ? { from: dayStart(fromDate, timeZone) } : {}),
    ...(toDate ? { to: dayStart(nextDay(toDate), timeZone) } : {}),
  };
}
