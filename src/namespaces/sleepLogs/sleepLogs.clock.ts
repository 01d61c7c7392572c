import { meanHours } from './sleepLogs.rounding.ts';

/**
 * Clock times of sleep preferences and logs. Accepted: 24-hour `HH:mm` (00:00 to 23:59) and
 * 12-hour text with an AM / PM suffix, any case, with or without a space or minutes, dots allowed:
 * "10:30 PM", "7 am", "07:05AM", "12:15 a.m.". 12 AM is midnight (00:xx), 12 PM is noon (12:xx).
 * Everything is stored and answered as 24-hour `HH:mm`.
 */

const H24 = /^([01]\d|2[0-3]):([0-5]\d)$/;
const H12 = /^(\d{1,2})(?::([0-5]\d))?\s*([ap])\.?\s*m\.?$/i;

const pad = (n: number) => String(n).padStart(2, '0');

/** The 24-hour `HH:mm` form of a clock text, or null when it is not one of the accepted forms. */
export function parseClock(text: string): string | null {
  const value = text.trim();
  const h24 = H24.exec(value);
  if (h24) return value;
  const h12 = H12.exec(value);
  if (!h12) return null;
  const hour = Number(h12[1]);
  if (hour < 1 || hour > 12) return null;
  const minute = Number(h12[2] ?? '0');
  const pm = h12[3]!.toLowerCase() === 'p';
  return `${pad((hour % 12) + (pm ? 12 : 0))}:${pad(minute)}`;
}

/** Minutes after midnight of a 24-hour `HH:mm`. */
export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Minutes from `from` to `to`, crossing midnight when `to` is earlier: 22:30 -> 06:45 = 495. Equal times give 0. */
export function spanMinutes(from: string, to: string): number {
  return (minutesOfDay(to) - minutesOfDay(from) + 1440) % 1440;
}

/** 450 -> "7h 30m", 480 -> "8h 0m" (the same text form as hrmAttendance's hoursWorked). */
export function hoursText(minutes: number): string {
  return `${String(Math.floor(minutes / 60))}h ${String(minutes % 60)}m`;
}

/** Whole minutes as hours, two decimals: 450 -> 7.5, 500 -> 8.33. */
export function minutesToHours(minutes: number): number {
  return meanHours(minutes, 1);
}
