import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import type { Updateable } from 'kysely';
import { date, id, time } from '../../values/fields.ts';
import { money } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { intervalOf } from '../../time/local-minutes.ts';
import { getRow, historyWith } from './appointments.repo.ts';
import { claimNewTime, holdExpiry } from './appointments.booking.ts';
import { duration, text } from './appointments.fields.ts';
import { historyEntry, saveChange } from './appointments.moves.ts';
import { assertMayRun, stageAfter, WORKFLOW } from './appointments.status.ts';
import type { AppointmentsTable } from './appointments.table.ts';
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
    await claimNewTime(ctx, { ...current, interval });
    const { rescheduleReason, reason, notes, consultationFee } = input;
    const changes: Updateable<AppointmentsTable> = {
      rescheduleReason,
      reason,
      notes,
      consultationFee,
      scheduledDate: input.scheduledDate,
      scheduledTime: input.scheduledTime,
      duration: minutes,
      startMinute: interval.start,
      endMinute: interval.end,
      status,
      stage,
      history: historyWith(current, historyEntry(ctx, current, 'reschedule', rescheduleReason)),
      updatedAt: now,
    };
    if (stage === 'pending') changes.holdExpiresAt = holdExpiry(ctx);
    return { item: await saveChange(ctx, current, changes, { moved: true }) };
  },
});
