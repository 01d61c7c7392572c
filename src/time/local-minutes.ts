import { addDays, wallTime } from './zone.ts';

/**
 * Local minutes: minutes since 1970-01-01 00:00 on a wall clock (days x 1440 + minutes of the
 * day), how appointments store their time. No time zone is involved: an appointment at 23:30 for
 * 60 minutes is [d + 1410, d + 1470), which overlaps the next day's 00:00 slot.
 */

export const MINUTES_PER_DAY = 1440;
const MS_PER_DAY = 86_400_000;

/** [start, end) in local minutes. */
export interface Interval {
  start: number;
  end: number;
}

/** Days since 1970-01-01 of a date YYYY-MM-DD. */
export function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, d); // unlike Date.UTC, years 0..99 are taken as written
  return at.getTime() / MS_PER_DAY;
}

/** The date YYYY-MM-DD of a day number. */
export function dateOfDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Minutes since midnight of a time HH:mm (`24:00` is 1440). */
export function minuteOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** HH:mm of a minute of the day; 1440 is `24:00` (the end of a day). */
export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The first local minute of `date`. */
export function dayStartMinute(date: string): number {
  return dayNumber(date) * MINUTES_PER_DAY;
}

export function localMinute(date: string, time: string): number {
  return dayStartMinute(date) + minuteOfDay(time);
}

export function intervalOf(date: string, time: string, duration: number): Interval {
  const start = localMinute(date, time);
  return { start, end: start + duration };
}

/** The day number a local minute falls on. */
export function dayOfMinute(minute: number): number {
  return Math.floor(minute / MINUTES_PER_DAY);
}

/** The date and time HH:mm of a local minute. */
export function dateTimeOf(minute: number): { date: string; time: string } {
  const day = dayOfMinute(minute);
  return { date: dateOfDay(day), time: timeOfDay(minute - day * MINUTES_PER_DAY) };
}

/** The days (day numbers) an interval touches, ascending. */
export function daysOf(interval: Interval): number[] {
  const days: number[] = [];
  for (let d = dayOfMinute(interval.start); d <= dayOfMinute(interval.end - 1); d++) days.push(d);
  return days;
}

/** The days `from` to `to` (YYYY-MM-DD, both included) as one interval. */
export function daysWindow(from: string, to: string): Interval {
  return { start: dayStartMinute(from), end: dayStartMinute(addDays(to, 1)) };
}

/** The part of `range` within `window`, cut at each midnight: per day, its date and its minutes of that day (end up to 1440). */
export function partsPerDay(range: Interval, window: Interval): { date: string; start: number; end: number }[] {
  const parts: { date: string; start: number; end: number }[] = [];
  const from = Math.max(range.start, window.start);
  const to = Math.min(range.end, window.end);
  for (let day = dayOfMinute(from); day * MINUTES_PER_DAY < to; day++) {
    const dayStart = day * MINUTES_PER_DAY;
    parts.push({ date: dateOfDay(day), start: Math.max(from, dayStart) - dayStart, end: Math.min(to, dayStart + MINUTES_PER_DAY) - dayStart });
  }
  return parts;
}

/** Today (YYYY-MM-DD) and now as a local minute, on the wall clock of `timeZone` at the instant `ms`. */
export function localNow(timeZone: string, ms: number): { today: string; nowMinute: number } {
  const w = wallTime(timeZone, ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const today = `${String(w.year)}-${pad(w.month)}-${pad(w.day)}`;
  return { today, nowMinute: dayStartMinute(today) + w.hour * 60 + w.minute };
}
