import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { bool, date, id, reqStr, time, ts } from '../../values/fields.ts';
import { money } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import type { Updateable } from 'kysely';
import { definedOnly } from '../../values/defined.ts';
import { intervalOf } from '../../time/local-minutes.ts';
import { getRow, historyWith, type HistoryEntry } from './appointments.repo.ts';
import { claimNewTime, reclaimTime } from './appointments.booking.ts';
import { duration, label, statusText, text } from './appointments.fields.ts';
import { serviceOf } from './appointments.references.ts';
import { enteredStage, isActive, movedBy, stageOf } from './appointments.status.ts';
import { assertInTime } from './appointments.timing.ts';
import type { AppointmentsTable } from './appointments.table.ts';
import { appointmentItem } from './appointments.results.ts';
import { assertMayEnter, historyEntry, saveChange } from './appointments.moves.ts';

/**
 * Changes any field; status takes any text (the interface says so), a known one only along the
 * status table. A move into a stage a workflow operation makes (completed by complete ...) needs
 * that operation's roles and is kept in `history` under its name, like the operation keeps it.
 * A change that makes the appointment hold time it did not hold before (a new date, time or
 * duration, or an expired hold confirmed) is checked for clashes like a booking. A move into a
 * visit's step, or a new date for an appointment at one, is checked against the organization's
 * clock like the step's operation (appointments.timing.ts). Status `cancelled` sets cancelledAt to
 * now unless it is given.
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
    const changes: Updateable<AppointmentsTable> = { ...definedOnly(fields), updatedAt: now };
    if (changes.serviceId && changes.serviceId !== current.serviceId) await serviceOf(ctx.db, organizationId, changes.serviceId, current.doctorId);
    const entered = changes.status === undefined ? undefined : enteredStage(current, changes.status);
    if (entered) {
      assertMayEnter(ctx, organizationId, entered);
      changes.stage = entered;
    }
    if (entered === 'cancelled' && fields.cancelledAt === undefined) changes.cancelledAt = now;

    const next = { ...current, ...changes };
    const interval = intervalOf(next.scheduledDate, next.scheduledTime, next.duration);
    const moved = interval.start !== Number(current.startMinute) || interval.end !== Number(current.endMinute);
    if (entered || moved) await assertInTime(ctx, organizationId, entered ?? stageOf(current), next);
    const entries: HistoryEntry[] = [];
    if (moved) {
      changes.startMinute = interval.start;
      changes.endMinute = interval.end;
      entries.push(historyEntry(ctx, current, 'update', next.rescheduleReason));
    }
    if (entered) entries.push(historyEntry(ctx, current, movedBy(entered) ?? 'update', entered === 'cancelled' ? next.cancelledReason : null));
    if (entries.length) changes.history = historyWith(current, ...entries);
    if (isActive(next, now) && moved) await claimNewTime(ctx, { ...current, serviceId: next.serviceId, interval });
    else if (isActive(next, now) && !isActive(current, now)) await reclaimTime(ctx, current);
    return { item: await saveChange(ctx, current, changes, { entered, reason: next.cancelledReason, moved }) };
  },
});
