import { addDays, dayStart, nextDay, offsetAt, weekday } from '../../time/zone.ts';
import { dateOfDay, dayOfMinute, dayStartMinute, type Interval } from '../../time/local-minutes.ts';
import { fitting } from '../../time/slot-grid.ts';
import type { ScheduleException, WeeklyRange } from './practitionerSchedules.table.ts';

/**
 * A doctor's availability on one date as wall-clock minutes of the day (0 .. 1440), the way
 * appointments keep their time (startMinute / endMinute are wall-clock too).
 *
 * Daylight saving: on a spring-forward day the wall-clock times that do not happen (02:00-03:00 in
 * Europe/Berlin) are cut out, so no slot there is offered or booked. On a fall-back day the
 * repeated hour is one hour of wall-clock time: its slots are offered once and an appointment
 * there means the wall-clock time (as every appointment does), so the day has the working hours
 * the schedule says and never twice the slots.
 *
 * The slot grid is the schedule's, in wall-clock time: every `slotMinutes` from the start of each
 * session it gives (a weekday's range, an extra session). Leave and a DST gap remove the slots they
 * touch and never move the others.
 */

export interface DayRange {
  start: number;
  end: number;
}

export interface ScheduleRules {
  validFrom: string;
  validTo: string | null;
  weeklyHours: readonly WeeklyRange[];
  exceptions: readonly ScheduleException[];
}

const MINUTES_PER_DAY = 1440;
const MS_PER_MINUTE = 60_000;

export function minuteOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export function isValidOn(rules: Pick<ScheduleRules, 'validFrom' | 'validTo'>, date: string): boolean {
  return date >= rules.validFrom && (rules.validTo === null || date <= rules.validTo);
}

function coversDate(exception: ScheduleException, date: string): boolean {
  return date >= exception.dateFrom && date <= (exception.dateTo ?? exception.dateFrom);
}

function rangeOf(startTime: string | null, endTime: string | null): DayRange {
  return startTime && endTime ? { start: minuteOfDay(startTime), end: minuteOfDay(endTime) } : { start: 0, end: MINUTES_PER_DAY };
}

/** Sorted, overlapping and touching ranges joined. */
export function merged(ranges: readonly DayRange[]): DayRange[] {
  const out: DayRange[] = [];
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** `ranges` without the time `cut` covers. */
export function without(ranges: readonly DayRange[], cut: DayRange): DayRange[] {
  return ranges.flatMap((r) => {
    if (cut.end <= r.start || cut.start >= r.end) return [r];
    const parts: DayRange[] = [];
    if (r.start < cut.start) parts.push({ start: r.start, end: cut.start });
    if (cut.end < r.end) parts.push({ start: cut.end, end: r.end });
    return parts;
  });
}

/** Gaps by zone and date: a fact of the zone rules, asked for every day of every free-slot search. */
const gaps = new Map<string, DayRange | null>();
const MAX_GAPS_KEPT = 20_000;

/** The wall-clock minutes of `date` that do not happen in `timeZone` (a spring-forward gap), if any. */
export function missingMinutes(date: string, timeZone: string): DayRange | null {
  if (timeZone === 'UTC') return null;
  const key = `${timeZone} ${date}`;
  const known = gaps.get(key);
  if (known !== undefined) return known;
  if (gaps.size >= MAX_GAPS_KEPT) gaps.clear();
  const gap = findGap(date, timeZone);
  gaps.set(key, gap);
  return gap;
}

function findGap(date: string, timeZone: string): DayRange | null {
  // A minute before: where the clocks jump at midnight, the day may "start" at the jump (Africa/Cairo, Asia/Beirut).
  let lo = dayStart(date, timeZone) - MS_PER_MINUTE;
  let hi = dayStart(nextDay(date), timeZone);
  const before = offsetAt(timeZone, lo);
  const after = offsetAt(timeZone, hi);
  if (after <= before) return null;
  while (hi - lo > MS_PER_MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MS_PER_MINUTE) * MS_PER_MINUTE;
    if (offsetAt(timeZone, mid) === before) lo = mid;
    else hi = mid;
  }
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const start = (hi + before - Date.UTC(y, m - 1, d)) / MS_PER_MINUTE;
  return { start, end: start + (after - before) / MS_PER_MINUTE };
}

/** The sessions the schedule gives on `date`: the weekday's ranges and extra sessions, touching ones joined; none outside the validity. */
function sessionsOn(rules: ScheduleRules, date: string): DayRange[] {
  if (!isValidOn(rules, date)) return [];
  const day = weekday(date);
  const ranges = rules.weeklyHours.filter((r) => r.weekday === day).map((r) => rangeOf(r.startTime, r.endTime));
  for (const e of rules.exceptions) if (e.kind === 'extra' && coversDate(e, date)) ranges.push(rangeOf(e.startTime, e.endTime));
  return merged(ranges);
}

/** The working time of `sessions` on `date`: less leave and a DST gap. */
function workingPart(sessions: DayRange[], rules: ScheduleRules, date: string, timeZone: string): DayRange[] {
  let open = sessions;
  for (const e of rules.exceptions) if (e.kind === 'leave' && coversDate(e, date)) open = without(open, rangeOf(e.startTime, e.endTime));
  const gap = missingMinutes(date, timeZone);
  return gap ? without(open, gap) : open;
}

/** Working time on `date`: the weekday's ranges and extra sessions, less leave and a DST gap; none outside the validity. */
export function availableOn(rules: ScheduleRules, date: string, timeZone: string): DayRange[] {
  return workingPart(sessionsOn(rules, date), rules, date, timeZone);
}

/** Slot starts on the grid of `ranges` (every `slotMinutes` from each range's start) with room for `duration` in the range. */
export function slotStarts(ranges: readonly DayRange[], slotMinutes: number, duration: number): number[] {
  const starts: number[] = [];
  for (const r of ranges) for (let s = r.start; s + duration <= r.end; s += slotMinutes) starts.push(s);
  return starts;
}

/**
 * The slots of `date` (their starts, ascending, minutes of the day): on the grid of the schedule's
 * sessions, `duration` long, wholly within working time. Leave and a DST gap remove the slots they
 * touch; the others keep their place, so every slot offered is one the booking check accepts.
 */
export function slotsOn(rules: ScheduleRules & { slotMinutes: number }, date: string, timeZone: string, duration: number): number[] {
  const sessions = sessionsOn(rules, date);
  const open = workingPart(sessions, rules, date, timeZone);
  const starts = slotStarts(sessions, rules.slotMinutes, duration);
  return open === sessions ? starts : fitting(starts, duration, open);
}

/**
 * Whether `interval` (local minutes) lies wholly within the working time of `schedules`, joined
 * across them and across midnight: the booking check (appointments.booking.ts), which accepts
 * every slot slotsOn offers and times off the grid within working time.
 */
export function isWorkingTime(schedules: readonly ScheduleRules[], interval: Interval, timeZone: string): boolean {
  const open: Interval[] = [];
  const to = dateOfDay(dayOfMinute(interval.end - 1));
  for (let date = dateOfDay(dayOfMinute(interval.start)); date <= to; date = addDays(date, 1)) {
    const day = dayStartMinute(date);
    for (const s of schedules) for (const r of availableOn(s, date, timeZone)) open.push({ start: day + r.start, end: day + r.end });
  }
  return merged(open).some((r) => r.start <= interval.start && interval.end <= r.end);
}
