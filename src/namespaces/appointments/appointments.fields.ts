import { z } from 'zod';
import { validationFailed } from '../../values/errors.ts';
import { date, id, reqStr, str, time } from '../../values/fields.ts';
import { dayNumber, daysWindow, type Interval } from '../../time/local-minutes.ts';

/** Schema pieces of the appointments namespace. */

/**
 * The longest appointment, in minutes: a day. The overlap queries rely on it (slots.ts): an
 * interval that overlaps [start, end) starts after start - MAX_DURATION.
 */
export const MAX_DURATION = 1440;

/** Minutes, 1 (the interface's minimum) to MAX_DURATION: one appointment is at most a day long. */
export const duration = () => z.int().min(1).max(MAX_DURATION);

/** Any status text (update and create accept it, as the interface says); the workflow knows the STATUSES. */
export const statusText = () => z.string().trim().min(1, 'must not be empty').max(64);

/** Short labels: type, payment status and method, gateway references. */
export const label = () => z.string().trim().max(200);

/** Free text: reason, notes. */
export const text = () => str();

/** The interface's `dateFilter` values (documented in docs/appointments.md). */
export const DATE_FILTERS = ['today', 'tomorrow', 'upcoming', 'past', 'week', 'month', 'all'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];
export const dateFilter = () => z.enum(DATE_FILTERS, { error: `must be one of: ${DATE_FILTERS.join(', ')}` });

/** `status s[]` filters: up to 20 status texts; empty = no filter. */
export const statusList = () => z.array(statusText()).max(20);

/** What every booking names (create and createPending): who, when, how long, what kind. */
export const bookingFields = () => ({
  organizationId: id(),
  patientId: id(),
  doctorId: id(),
  scheduledDate: date(),
  scheduledTime: time(),
  duration: duration(),
  type: reqStr().max(200),
});

/** A range of days asked for: the first and last dates (both included) and the names of their fields. */
export interface DaysAsked {
  from: string;
  to: string;
  fromField: string;
  toField: string;
}

/** The days asked for as one interval; VALIDATION_FAILED when the last is before the first or more than `maxDays` days are asked. */
export function daysAsked(days: DaysAsked, maxDays: number): Interval {
  if (days.to < days.from) throw validationFailed(days.toField, `must not be before ${days.fromField}`);
  if (dayNumber(days.to) - dayNumber(days.from) >= maxDays) throw validationFailed(days.toField, `at most ${maxDays} days at once`);
  return daysWindow(days.from, days.to);
}
