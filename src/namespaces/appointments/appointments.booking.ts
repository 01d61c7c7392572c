import { newId } from '../../values/ids.ts';
import { applyRate } from '../../values/money.ts';
import type { Context } from '../../operations/operation.ts';
import { amountsOf } from '../services/services.public.ts';
import { insertRow, type AppointmentRecord, type AppointmentRow } from './appointments.repo.ts';
import { claimTime } from './appointments.claims.ts';
import { clockOf, doctorOf, patientOf, serviceOf } from './appointments.references.ts';
import { assertWithinSchedule } from './appointments.schedule.ts';
import { intervalOf } from './appointments.slots.ts';
import { isActive, startStage } from './appointments.status.ts';
import { emitEvent } from '../webhooks/webhooks.public.ts';

/** What the three create operations give: the required booking and any other stored fields. */
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
  /** every other column, as stored (money in minor units) */
  other?: Partial<AppointmentRow>;
}

/**
 * Creates an appointment: only at a start stage (pending, scheduled, confirmed: VALIDATION_FAILED
 * otherwise), checks that the doctor, patient and service are the organization's own, then (unless
 * it is an expired hold) checks the doctor's schedule and claims its time for the doctor under the
 * doctor-day lock, and inserts in the same transaction.
 */
export async function book(ctx: Context, booking: Booking): Promise<AppointmentRecord> {
  const { organizationId } = booking;
  const stage = startStage(booking.status);
  await doctorOf(ctx.db, organizationId, booking.doctorId);
  await patientOf(ctx.db, organizationId, booking.patientId);
  let fee = booking.consultationFee;
  if (booking.serviceId) {
    const service = await serviceOf(ctx.db, organizationId, booking.serviceId, booking.doctorId);
    if (fee === undefined) {
      const { priceMinor, taxBasisPoints } = amountsOf(service);
      fee = priceMinor + applyRate(priceMinor, taxBasisPoints);
    }
  }
  const interval = intervalOf(booking.scheduledDate, booking.scheduledTime, booking.duration);
  const now = ctx.now();
  const row: AppointmentRow = {
    id: newId(),
    organizationId,
    organizationBranchId: null,
    patientId: booking.patientId,
    doctorId: booking.doctorId,
    serviceId: booking.serviceId ?? null,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    duration: booking.duration,
    startMinute: interval.start,
    endMinute: interval.end,
    type: null,
    status: booking.status,
    stage,
    reason: null,
    notes: null,
    rescheduleReason: null,
    cancelledAt: null,
    cancelledReason: null,
    consultationFee: fee ?? null,
    paymentStatus: null,
    amountPaid: null,
    paidAt: null,
    paymentMethod: null,
    gateway: null,
    gatewayOrderId: null,
    gatewayPaymentId: null,
    checkoutSessionId: null,
    holdExpiresAt: null,
    isPreConsultationCompleted: null,
    followUpDate: null,
    followUpStatus: null,
    followUpNotificationSent: null,
    callJoinNotifiedAt: null,
    patientJoinedAt: null,
    history: null,
    seriesId: null,
    holdLapsedAt: null,
    ...booking.other,
    createdAt: now,
    updatedAt: now,
  };
  if (isActive(row, now)) {
    const clock = await clockOf(ctx, organizationId);
    await assertWithinSchedule(ctx.db, clock.timeZone, { organizationId, doctorId: booking.doctorId, serviceId: booking.serviceId, interval });
    await claimTime(ctx, { organizationId, doctorId: booking.doctorId, patientId: booking.patientId }, interval, clock);
  }
  const item = await insertRow(ctx.db, row);
  await emitEvent(ctx.db, ctx, organizationId, 'appointment.created', { appointment: item });
  return item;
}

/** Drops undefined values so that a spread leaves the defaults of omitted fields. */
export function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
