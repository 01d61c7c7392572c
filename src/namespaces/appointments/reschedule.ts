import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { callerId } from '../../caller/caller.ts';
import { date, id, time } from '../../values/fields.ts';
import { money } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { getRow, historyText, patchRow, toRecord, type AppointmentRow } from './appointments.repo.ts';
import { claimTime } from './appointments.claims.ts';
import { freedBy, offerFreedTime } from './appointments.waitlist.ts';
import { defined } from './appointments.booking.ts';
import { duration, text } from './appointments.fields.ts';
import { clockOf } from './appointments.references.ts';
import { assertWithinSchedule } from './appointments.schedule.ts';
import { intervalOf } from './appointments.slots.ts';
import { assertMayRun, stageAfter, WORKFLOW } from './appointments.status.ts';
import { emitEvent } from '../webhooks/webhooks.public.ts';
import { appointmentItem } from './appointments.results.ts';

/**
 * Moves an appointment to a new date and time (and duration), checked against the doctor's
 * schedule and for clashes like a booking but never against itself. The previous date, time, duration and status go into `history`. Only
 * pending, scheduled and confirmed appointments move (INVALID_STATE otherwise); the status stays
 * or moves forward. A moved pending hold gets a fresh hold time.
 */
export const reschedule = defineOperation({
  namespace: 'appointments',
  name: 'reschedule', audience: member(),
  summary: 'Move an appointment (history kept; CONFLICT when the new time is taken)',
  writes: true,
  input: z.object({
    id: id(),
    organizationId: id(),
    scheduledDate: date(),
    scheduledTime: time(),
    duration: duration().nullish(),
    status: z.enum(WORKFLOW.reschedule.to, { error: `must be one of: ${WORKFLOW.reschedule.to.join(', ')}` }).nullish(),
    rescheduleReason: text().nullish(),
    reason: text().nullish(),
    notes: text().nullish(),
    consultationFee: money().optional(),
  }),
  output: appointmentItem,
  async handler(ctx, input) {
    const current = await getRow(ctx.db, input.organizationId, input.id);
    assertMayRun('reschedule', current);
    const status = input.status ?? current.status;
    const stage = stageAfter(current, status);
    const now = ctx.now();
    const minutes = input.duration ?? current.duration;
    const interval = intervalOf(input.scheduledDate, input.scheduledTime, minutes);
    const { timeZone } = await clockOf(ctx, input.organizationId);
    await assertWithinSchedule(ctx.db, timeZone, { organizationId: input.organizationId, doctorId: current.doctorId, serviceId: current.serviceId, interval });
    await claimTime(ctx, current, interval);

    const previous = { scheduledDate: current.scheduledDate, scheduledTime: current.scheduledTime, duration: current.duration, status: current.status };
    const entry = { at: now, by: callerId(ctx.caller), operation: 'reschedule' as const, previous, reason: input.rescheduleReason ?? null };
    const changes: Partial<AppointmentRow> = {
      ...defined({ rescheduleReason: input.rescheduleReason, reason: input.reason, notes: input.notes, consultationFee: input.consultationFee }),
      scheduledDate: input.scheduledDate,
      scheduledTime: input.scheduledTime,
      duration: minutes,
      startMinute: interval.start,
      endMinute: interval.end,
      status,
      stage,
      history: historyText([...toRecord(current).history, entry]),
      updatedAt: now,
    };
    if (stage === 'pending') changes.holdExpiresAt = now + ctx.config.appointments.holdMinutes * 60_000;
    const item = await patchRow(ctx.db, input.organizationId, input.id, changes);
    await offerFreedTime(ctx, freedBy(current, { ...current, ...changes }, now));
    await emitEvent(ctx.db, ctx, input.organizationId, 'appointment.rescheduled', { appointment: item, previous: { scheduledDate: current.scheduledDate, scheduledTime: current.scheduledTime } });
    return { item };
  },
});
