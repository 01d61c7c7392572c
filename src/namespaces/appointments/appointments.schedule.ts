import type { Db } from '../../db/database.ts';
import { AppError } from '../../values/errors.ts';
import { addDays } from '../../time/zone.ts';
import { availableOn, doctorSchedulesIn, isValidOn, merged, type DoctorSchedule } from '../practitionerSchedules/practitionerSchedules.public.ts';
import { dateOfDay, dayStartMinute, MINUTES_PER_DAY, type Interval } from './appointments.slots.ts';

/** A schedule's working time on `date` as local minutes (appointments.slots.ts). */
export function workingTime(schedule: DoctorSchedule, date: string, timeZone: string): Interval[] {
  const day = dayStartMinute(date);
  return availableOn(schedule, date, timeZone).map((r) => ({ start: day + r.start, end: day + r.end }));
}

export interface ScheduledBooking {
  organizationId: string;
  doctorId: string;
  serviceId?: string | null | undefined;
  interval: Interval;
}

/**
 * Refuses with INVALID_STATE a booking that does not lie within the doctor's working time, when
 * the doctor has a schedule valid on the booking's date; a doctor without one books as before.
 * The schedules that count are the service's and the service-less ones (all, without a service).
 * An appointment running past midnight needs working time on both days, joined.
 */
export async function assertWithinSchedule(db: Db, timeZone: string, booking: ScheduledBooking): Promise<void> {
  const { interval } = booking;
  const firstDay = Math.floor(interval.start / MINUTES_PER_DAY);
  const lastDay = Math.floor((interval.end - 1) / MINUTES_PER_DAY);
  const [from, to] = [dateOfDay(firstDay), dateOfDay(lastDay)];
  const schedules = await doctorSchedulesIn(db, booking.organizationId, booking.doctorId, from, to);
  if (!schedules.some((s) => isValidOn(s, from))) return;
  const counted = schedules.filter((s) => !booking.serviceId || s.serviceId === null || s.serviceId === booking.serviceId);
  const open: Interval[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) for (const s of counted) open.push(...workingTime(s, date, timeZone));
  if (merged(open).some((r) => r.start <= interval.start && interval.end <= r.end)) return;
  throw new AppError('INVALID_STATE', 'the time is outside the doctor\'s working hours (practitionerSchedules)');
}
