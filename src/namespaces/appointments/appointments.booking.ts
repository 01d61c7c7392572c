import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../values/errors.ts';
import { newId } from '../../values/ids.ts';
import { applyRate } from '../../values/money.ts';
import type { Context } from '../../operations/operation.ts';
import { dateOfDay, dayOfMinute, intervalOf, type Interval } from '../../time/local-minutes.ts';
import { doctorSchedulesIn, isValidOn, isWorkingTime } from '../practitionerSchedules/practitionerSchedules.public.ts';
import { amountsOf, type ServiceRecord } from '../services/services.public.ts';
import { insertRow, type AppointmentRecord, type AppointmentRow } from './appointments.repo.ts';
import { clockOf, doctorOf, patientOf, serviceOf } from './appointments.references.ts';
import { appointmentOverlap, lockBookingDays, patientOverlap, reservedOverlap } from './appointments.slots.ts';
import { isActive, startStage } from './appointments.status.ts';
import type { AppointmentsTable } from './appointments.table.ts';
import { emit } from '../../events/events.ts';

/**
 * A booking, in one module (docs/scheduling.md): book() makes a new appointment; claimNewTime()
 * and reclaimTime() take time for one that exists (reschedule, update, a move or a payment that
 * brings a lapsed hold back). Each reads the organization's clock once; the time must lie within
 * the doctor's working time (a new time only) and is claimed under the doctor-day and patient-day
 * locks, right before the caller writes in the same transaction. The statements are in
 * appointments.slots.ts, the arithmetic in src/time/.
 */

/** The columns a booking may set besides its time and parties (the rest stay null). */
export type BookingDetails = Partial<
  Pick<
    Insertable<AppointmentsTable>,
    | 'type' | 'organizationBranchId' | 'reason' | 'notes' | 'paymentStatus' | 'amountPaid' | 'paymentMethod'
    | 'isPreConsultationCompleted' | 'followUpDate' | 'followUpStatus' | 'holdExpiresAt' | 'seriesId'
  >
>;

/** What the operations that book give: who, when, how long, at which stage, and any details. */
export interface Booking {
  organizationId: string;
  patientId: string;
  doctorId: string;
  scheduledDate: string;
  scheduledTime: string;
  duration: number;
  status: string;
  serviceId?: string | null | undefined;
  /** integer minor units; omitted with a service: the service's price plus its tax */
  consultationFee?: number | null | undefined;
  details?: BookingDetails;
}

/**
 * Creates an appointment: only at a start stage (pending, scheduled, confirmed: VALIDATION_FAILED
 * otherwise), with the doctor, patient and service the organization's own; unless it is an
 * expired hold, its time is checked and claimed (claimNewTime); inserted in the same transaction.
 */
export async function book(ctx: Context, booking: Booking): Promise<AppointmentRecord> {
  const { organizationId, patientId, doctorId, serviceId } = booking;
  const stage = startStage(booking.status);
  const service = await partiesOf(ctx.db, booking);
  const interval = intervalOf(booking.scheduledDate, booking.scheduledTime, booking.duration);
  const now = ctx.now();
  const row: Insertable<AppointmentsTable> = {
    ...booking.details,
    id: newId(),
    organizationId,
    patientId,
    doctorId,
    serviceId,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    duration: booking.duration,
    startMinute: interval.start,
    endMinute: interval.end,
    status: booking.status,
    stage,
    consultationFee: booking.consultationFee === undefined && service ? feeOf(service) : booking.consultationFee,
    createdAt: now,
    updatedAt: now,
  };
  if (isActive({ stage, holdExpiresAt: row.holdExpiresAt ?? null }, now)) await claimNewTime(ctx, { organizationId, doctorId, patientId, serviceId, interval });
  const item = await insertRow(ctx.db, row);
  await emit(ctx.db, ctx, organizationId, 'appointment.created', { appointment: item });
  return item;
}

/** When a pending hold made now expires (APPOINTMENT_HOLD_MINUTES): past it, an unpaid hold no longer holds its time. */
export function holdExpiry(ctx: Context): number {
  return ctx.now() + ctx.config.appointments.holdMinutes * 60_000;
}

/** Checks that the doctor and patient (and the service, if any) are the organization's own; answers the service. */
async function partiesOf(db: Db, booking: Booking): Promise<ServiceRecord | undefined> {
  await doctorOf(db, booking.organizationId, booking.doctorId);
  await patientOf(db, booking.organizationId, booking.patientId);
  return booking.serviceId ? serviceOf(db, booking.organizationId, booking.serviceId, booking.doctorId) : undefined;
}

/** The fee of a booking of the service: its price plus its tax, in minor units. */
function feeOf(service: ServiceRecord): number {
  const { priceMinor, taxBasisPoints } = amountsOf(service);
  return priceMinor + applyRate(priceMinor, taxBasisPoints);
}

/** Whose time is taken, and which: an appointment that exists (`id`) never clashes with itself. */
export interface TimeClaim {
  organizationId: string;
  doctorId: string;
  patientId: string;
  /** the schedules that count: the service's and the service-less ones */
  serviceId?: string | null | undefined;
  interval: Interval;
  id?: string | undefined;
}

/** Takes a new time: within the doctor's working time, then free (claimSlot). */
export async function claimNewTime(ctx: Context, claim: TimeClaim): Promise<void> {
  const clock = await clockOf(ctx, claim.organizationId);
  await assertWithinSchedule(ctx.db, clock.timeZone, claim);
  await claimSlot(ctx, claim, clock.settings.allowOverlappingAppointments);
}

/** Takes again the time an appointment had while it did not hold it (a lapsed hold paid or moved on): free, as claimSlot checks. */
export async function reclaimTime(ctx: Context, row: AppointmentRow): Promise<void> {
  const { settings } = await clockOf(ctx, row.organizationId);
  await claimSlot(ctx, { ...row, interval: { start: Number(row.startMinute), end: Number(row.endMinute) } }, settings.allowOverlappingAppointments);
}

/**
 * Refuses with CONFLICT when the doctor reserved any of the time, (unless the organization allows
 * overlap) another active appointment of the doctor holds it, or the patient has another active
 * appointment then (whatever the doctor: token queues included), checked in that order (the
 * doctor's clash, by far the most frequent refusal, costs no more than before the patient rule).
 * When several rules refuse, the first one answers. Takes the doctor-day and patient-day locks
 * first, so the checks and the caller's write are atomic.
 */
async function claimSlot(ctx: Context, claim: TimeClaim, allowOverlap: boolean): Promise<void> {
  const { organizationId, doctorId, patientId, interval, id } = claim;
  await lockBookingDays(ctx, doctorId, patientId, interval);
  const reserved = await reservedOverlap(ctx.db, doctorId, interval);
  if (reserved) {
    throw new AppError('CONFLICT', `the doctor has reserved ${reserved.slotDate} ${reserved.startTime}-${reserved.endTime}`, {
      details: [{ path: 'scheduledTime', message: 'the doctor has reserved this time', recordId: reserved.id }],
    });
  }
  if (!allowOverlap) {
    const clash = await appointmentOverlap(ctx.db, organizationId, doctorId, interval, ctx.now(), id);
    if (clash) {
      throw new AppError(
        'CONFLICT',
        `the doctor already has an appointment at ${clash.scheduledDate} ${clash.scheduledTime} (${clash.duration} min) that overlaps this time`,
        { details: [{ path: 'doctorId', message: 'has another appointment at this time', recordId: clash.id }] },
      );
    }
  }
  const own = await patientOverlap(ctx.db, organizationId, patientId, interval, ctx.now(), id);
  if (own) {
    throw new AppError('CONFLICT', `the patient already has appointment ${own.id} at ${own.scheduledDate} ${own.scheduledTime} (${own.duration} min) that overlaps this time`, {
      details: [{ path: 'patientId', message: 'has another appointment at this time', recordId: own.id }],
    });
  }
}

/**
 * Refuses with INVALID_STATE a time that does not lie within the doctor's working time, when the
 * doctor has a schedule valid on its date; a doctor without one books as before. The schedules
 * that count are the service's and the service-less ones (all, without a service). An
 * appointment running past midnight needs working time on both days, joined.
 */
async function assertWithinSchedule(db: Db, timeZone: string, claim: TimeClaim): Promise<void> {
  const { interval } = claim;
  const from = dateOfDay(dayOfMinute(interval.start));
  const to = dateOfDay(dayOfMinute(interval.end - 1));
  const schedules = await doctorSchedulesIn(db, claim.organizationId, claim.doctorId, from, to);
  if (!schedules.some((s) => isValidOn(s, from))) return;
  const counted = schedules.filter((s) => !claim.serviceId || s.serviceId === null || s.serviceId === claim.serviceId);
  if (isWorkingTime(counted, interval, timeZone)) return;
  throw new AppError('INVALID_STATE', 'the time is outside the doctor\'s working hours (practitionerSchedules)');
}
