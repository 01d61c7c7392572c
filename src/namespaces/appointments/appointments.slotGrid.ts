import { dateOfDay, MINUTES_PER_DAY, timeOfDay, type Interval } from '../../time/local-minutes.ts';
import { byStart } from '../../time/slot-grid.ts';
import { isValidOn, missingMinutes, slotsOn, type DoctorSchedule } from '../practitionerSchedules/practitionerSchedules.public.ts';

/**
 * A doctor's slot grid day by day, without a time-zone conversion or an allocation per slot: what
 * findSlots and FHIR's Slots walk. A schedule's grid on a day that no exception of it covers and no
 * clock change cuts (almost every day) is its weekday's, computed once per schedule, weekday and
 * length and kept with the schedule (the schedules a doctor's bookings read are remembered until
 * the table changes: src/db/table-cache.ts); any other day is computed as slotsOn always did.
 */

const NO_SLOTS: readonly number[] = [];

/** Per schedule (shared and never changed), per slot length: the starts of each weekday (0 = Sunday), once computed. */
const weekdayGrids = new WeakMap<DoctorSchedule, Map<number, (readonly number[])[]>>();

/** HH:mm of each minute of the day, written once. */
const CLOCK: readonly string[] = Array.from({ length: MINUTES_PER_DAY + 1 }, (_, minute) => timeOfDay(minute));

let lastDay = Number.NaN;
let lastDate = '';

/** dateOfDay, the last answer remembered: the doctors of one search walk the same days. */
function dateOf(day: number): string {
  if (day !== lastDay) [lastDay, lastDate] = [day, dateOfDay(day)];
  return lastDate;
}

/** Day 0 (1970-01-01) was a Thursday. */
const weekdayOfDay = (day: number) => (((day + 4) % 7) + 7) % 7;

const covers = (schedule: DoctorSchedule, date: string) => schedule.exceptions.some((e) => date >= e.dateFrom && date <= (e.dateTo ?? e.dateFrom));

/** slotsOn(schedule, date, timeZone, length): the same starts (minutes of the day, ascending), shared: never to be changed. */
function startsOn(schedule: DoctorSchedule, date: string, day: number, timeZone: string, length: number): readonly number[] {
  if (!isValidOn(schedule, date)) return NO_SLOTS;
  if (covers(schedule, date) || missingMinutes(date, timeZone) !== null) return slotsOn(schedule, date, timeZone, length);
  let byLength = weekdayGrids.get(schedule);
  if (!byLength) weekdayGrids.set(schedule, (byLength = new Map<number, (readonly number[])[]>()));
  let grids = byLength.get(length);
  if (!grids) byLength.set(length, (grids = []));
  return (grids[weekdayOfDay(day)] ??= slotsOn(schedule, date, timeZone, length));
}

/** One day of a doctor's grid: its date, the day's first local minute, and the slots as minutes of that day. */
export interface GridDay {
  date: string;
  dayStart: number;
  /** ascending and distinct */
  starts: readonly number[];
  /** each slot's length: one for all, or one per start */
  lengths: number | readonly number[];
}

/**
 * The grid of one doctor's schedules (each its own slot length, or `wanted`) on each day from
 * `fromDay` to `toDay` (day numbers), as gridded by findSlots: where two schedules share a start,
 * the first one's length.
 */
export function* gridDays(schedules: readonly DoctorSchedule[], fromDay: number, toDay: number, timeZone: string, wanted?: number): Generator<GridDay> {
  for (let day = fromDay; day <= toDay; day++) {
    const date = dateOf(day);
    const dayStart = day * MINUTES_PER_DAY;
    if (schedules.length === 1) {
      const only = schedules[0]!;
      const length = wanted ?? only.slotMinutes;
      yield { date, dayStart, starts: startsOn(only, date, day, timeZone, length), lengths: length };
      continue;
    }
    const onDay: Interval[] = [];
    for (const s of schedules) {
      const length = wanted ?? s.slotMinutes;
      for (const start of startsOn(s, date, day, timeZone, length)) onDay.push({ start, end: start + length });
    }
    const slots = byStart(onDay);
    yield { date, dayStart, starts: slots.map((slot) => slot.start), lengths: slots.map((slot) => slot.end - slot.start) };
  }
}

/** HH:mm of a minute of the day (0 to 1440). */
export const clockTime = (minute: number): string => CLOCK[minute]!;
