import { z } from 'zod';
import { validationFailed } from '../../values/errors.ts';
import { zonedInstant } from '../../time/zone.ts';

/** The largest number the minutes columns (32-bit integers on PostgreSQL) hold. */
export const MAX_MINUTES = 2_147_483_647;

/**
 * Check-in and check-out times: either a wall-clock time `HH:mm` on the attendance date, or an
 * ISO 8601 date-time with a zone (`Z` or an offset). Stored as sent.
 */
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const isoDateTime = z.iso.datetime({ offset: true });

export const checkTime = () =>
  z
    .string()
    .refine((v) => CLOCK.test(v) || isoDateTime.safeParse(v).success, {
      message: 'must be a time HH:mm or an ISO 8601 date-time with a zone, e.g. 2026-03-01T09:00:00+05:30',
    });

type Moment = { kind: 'clock'; minutes: number } | { kind: 'instant'; ms: number };

function momentOf(value: string): Moment {
  const clock = CLOCK.exec(value);
  if (clock) return { kind: 'clock', minutes: Number(clock[1]) * 60 + Number(clock[2]) };
  return { kind: 'instant', ms: Date.parse(value) };
}

/**
 * Minutes between check-in and check-out, or null when either is missing. Two `HH:mm` times are
 * taken on the same day; an `HH:mm` time against a date-time is placed on the attendance date in
 * the service's time zone. A check-out before the check-in, or too far after it to store, is VALIDATION_FAILED.
 */
export function minutesWorked(attendanceDate: string, checkIn: string | null, checkOut: string | null, timeZone: string): number | null {
  if (!checkIn || !checkOut) return null;
  const a = momentOf(checkIn);
  const b = momentOf(checkOut);
  const minutes =
    a.kind === 'clock' && b.kind === 'clock'
      ? b.minutes - a.minutes
      : Math.floor((instantOf(b, attendanceDate, timeZone) - instantOf(a, attendanceDate, timeZone)) / 60_000);
  if (minutes < 0) throw validationFailed('lastCheckOut', 'lastCheckOut must not be before firstCheckIn');
  if (minutes > MAX_MINUTES) throw validationFailed('lastCheckOut', `lastCheckOut must be at most ${MAX_MINUTES} minutes after firstCheckIn`);
  return minutes;
}

function instantOf(moment: Moment, date: string, timeZone: string): number {
  return moment.kind === 'instant' ? moment.ms : zonedInstant(date, moment.minutes, timeZone);
}

/** `450` -> `7h 30m`; null stays null. */
export function hoursWorked(minutes: number | null): string | null {
  if (minutes === null) return null;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
