import { z } from 'zod';
import { date, time } from '../../values/fields.ts';
import { minuteOfDay } from './practitionerSchedules.availability.ts';

export const MIN_SLOT_MINUTES = 5;
export const MAX_SLOT_MINUTES = 480;

const endsAfterStart = (r: { startTime?: string | null | undefined; endTime?: string | null | undefined }) =>
  !r.startTime || !r.endTime || minuteOfDay(r.endTime) > minuteOfDay(r.startTime);
const afterStart = { message: 'must be after startTime', path: ['endTime'] };

export const slotMinutes = () =>
  z.int().min(MIN_SLOT_MINUTES, `must be at least ${MIN_SLOT_MINUTES}`).max(MAX_SLOT_MINUTES, `must be at most ${MAX_SLOT_MINUTES}`);

/** An end time: HH:mm, or 24:00 for the end of the day. */
export const endTime = () => z.string().max(5, 'must be a time HH:mm from 00:00 to 24:00').regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'must be a time HH:mm from 00:00 to 24:00');

export const weeklyRange = () =>
  z.object({ weekday: z.int().min(0).max(6), startTime: time(), endTime: endTime() }).refine(endsAfterStart, afterStart);

export const weeklyHours = () => z.array(weeklyRange()).max(70);

/** A leave may be a whole day (no times) or a time range; an extra session is one date with a time range. */
export const scheduleException = () =>
  z
    .object({
      kind: z.enum(['leave', 'extra'], { error: 'must be leave or extra' }),
      dateFrom: date(),
      dateTo: date().nullish().transform((v) => v ?? null),
      startTime: time().nullish().transform((v) => v ?? null),
      endTime: endTime().nullish().transform((v) => v ?? null),
      note: z.string().trim().max(500).nullish().transform((v) => v ?? null),
    })
    .refine(endsAfterStart, afterStart)
    .refine((e) => (e.startTime === null) === (e.endTime === null), { message: 'give both startTime and endTime, or neither', path: ['endTime'] })
    .refine((e) => e.dateTo === null || e.dateTo >= e.dateFrom, { message: 'must not be before dateFrom', path: ['dateTo'] })
    .refine((e) => e.kind === 'leave' || (e.startTime !== null && (e.dateTo === null || e.dateTo === e.dateFrom)), {
      message: 'an extra session is one date with startTime and endTime',
      path: ['startTime'],
    });

export const scheduleExceptions = () => z.array(scheduleException()).max(500);
