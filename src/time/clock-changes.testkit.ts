import { offsetAt } from './zone.ts';

/** The changes of zones' UTC offsets in a year, for tests over every zone's daylight saving. */

export interface ClockChange {
  timeZone: string;
  /** the instant of the change (unix ms) */
  at: number;
  /** the offsets before and after it, in minutes */
  before: number;
  after: number;
  /** where the skipped (before < after) or repeated wall-clock minutes begin: date and minute of the day */
  date: string;
  minute: number;
  /** how many wall-clock minutes are skipped or repeated */
  length: number;
}

const MS_PER_MINUTE = 60_000;
/** Offsets read once a day: no zone changes its clocks twice within a day. */
const STEP = 86_400_000;

/** Every change of the zones' offsets (default: every zone Intl knows) in `year`: offsets read daily, each change bisected to the minute. */
export function clockChanges(year: number, zones: readonly string[] = Intl.supportedValuesOf('timeZone')): ClockChange[] {
  const changes: ClockChange[] = [];
  const first = Date.UTC(year, 0, 1);
  const last = Date.UTC(year + 1, 0, 1);
  for (const timeZone of zones) {
    let previous = offsetAt(timeZone, first);
    for (let t = first + STEP; t <= last; t += STEP) {
      const offset = offsetAt(timeZone, t);
      if (offset === previous) continue;
      let lo = t - STEP;
      let hi = t;
      while (hi - lo > MS_PER_MINUTE) {
        const mid = lo + Math.floor((hi - lo) / 2 / MS_PER_MINUTE) * MS_PER_MINUTE;
        if (offsetAt(timeZone, mid) === previous) lo = mid;
        else hi = mid;
      }
      const begins = new Date(hi + Math.min(previous, offset));
      changes.push({
        timeZone,
        at: hi,
        before: previous / MS_PER_MINUTE,
        after: offset / MS_PER_MINUTE,
        date: begins.toISOString().slice(0, 10),
        minute: begins.getUTCHours() * 60 + begins.getUTCMinutes(),
        length: Math.abs(offset - previous) / MS_PER_MINUTE,
      });
      previous = offset;
    }
  }
  return changes;
}
