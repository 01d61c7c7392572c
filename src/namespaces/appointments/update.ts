import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { callerId } from '../../caller/caller.ts';
import { bool, date, id, reqStr, time, ts } from '../../values/fields.ts';
import { money } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { getRow, historyText, patchRow, toRecord, type AppointmentRow } from './appointments.repo.ts';
import { claimTime } from './appointments.claims.ts';
import { freedBy, offerFreedTime } from './appointments.waitlist.ts';
import { defined } from './appointments.booking.ts';
import { duration, label, statusText, text } from './appointments.fields.ts';
import { clockOf, serviceOf } from './appointments.references.ts';
import { assertWithinSchedule } from './appointments.schedule.ts';
import { intervalOf } from './appointments.slots.ts';
import { isActive, stageAfter } from './appointments.status.ts';
import { appointmentItem } from './appointments.results.ts';
import { STAGE_EVENTS } from './appointments.moves.ts';
import { emitEvent } from '../webhooks/webhooks.public.ts';

/**
 * Changes any field; status takes any text (the interface says so: the forward-only rules are the
 * workflow operations'). A change that makes the appointment hold time it did not hold before (a
 * new date, time or duration, or a status that takes it back from cancelled) is checked for
 * clashes like a booking. A move is kept in `history`; status `cancelled` sets cancelledAt to now
 * unless it is given.
 */
export const update = defineOperation({
  namespace: 'appointments',
  name: 'update', audience: member(),
  summary: 'Change an appointment (clash-checked when it takes new time)',
  writes: true,
  input: z.object({
    id: id(),
    organizationId: id(),
    serviceId: id().nullish(),
    scheduledDate: date().optional(),
    scheduledTime: time().optional(),
    duration: duration().optional(),
    type: reqStr().max(200).optional(),
    status: statusText().optional(),
    reason: text().nullish(),
    notes: text().nullish(),
    rescheduleReason: text().nullish(),
    cancelledAt: ts().nullish(),
    cancelledReason: text().nullish(),
    consultationFee: money().nullish(),
    paymentStatus: label().nullish(),
    amountPaid: money().nullish(),
    paidAt: ts().nullish(),
    paymentMethod: label().nullish(),
    isPreConsultationCompleted: bool().nullish(),
    followUpDate: date().nullish(),
    followUpStatus: label().nullish(),
    followUpNotificationSent: bool().nullish(),
  }),
  output: appointmentItem,
  async handler(ctx, input) {
    const { id: recordId, organizationId, ...fields } = input;
    const current = await getRow(ctx.db, organizationId, recordId);
    const now = ctx.now();
    const changes: Partial<AppointmentRow> = { ...defined(fields), updatedAt: now };
    if (changes.serviceId && changes.serviceId !== current.serviceId) await serviceOf(ctx.db, organizationId, changes.serviceId, current.doctorId);
    if (changes.status !== undefined) changes.stage = stageAfter(current, changes.status);
    if (changes.stage === 'cancelled' && current.stage !== 'cancelled' && fields.cancelledAt === undefined) changes.cancelledAt = now;

    const next = { ...current, ...changes };
    const interval = intervalOf(next.scheduledDate, next.scheduledTime, next.duration);
    const moved = interval.start !== Number(current.startMinute) || interval.end !== Number(current.endMinute);
    if (moved) {
      changes.startMinute = interval.start;
      changes.endMinute = interval.end;
      const previous = { scheduledDate: current.scheduledDate, scheduledTime: current.scheduledTime, duration: current.duration, status: current.status };
      const history = [...toRecord(current).history, { at: now, by: callerId(ctx.caller), operation: 'update' as const, previous, reason: next.rescheduleReason }];
      changes.history = historyText(history);
    }
    if (isActive(next, now) && (moved || !isActive(current, now))) {
      if (moved) {
        const { timeZone } = await clockOf(ctx, organizationId);
        await assertWithinSchedule(ctx.db, timeZone, { organizationId, doctorId: current.doctorId, serviceId: next.serviceId, interval });
      }
      await claimTime(ctx, current, interval);
    }
    const item = await patchRow(ctx.db, organizationId, recordId, changes);
    await offerFreedTime(ctx, freedBy(current, { ...next, startMinute: interval.start, endMinute: interval.end }, now));
    const entered = changes.stage !== undefined && changes.stage !== current.stage ? STAGE_EVENTS[changes.stage] : undefined;
    if (entered) await emitEvent(ctx.db, ctx, organizationId, entered, { appointment: item, reason: item.cancelledReason ?? null });
    if (moved) await emitEvent(ctx.db, ctx, organizationId, 'appointment.rescheduled', { appointment: item, previous: { scheduledDate: current.scheduledDate, scheduledTime: current.scheduledTime } });
    return { item };
  },
});
