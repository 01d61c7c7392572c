import type { Updateable } from 'kysely';
import { z } from 'zod';
import { callerId } from '../../caller/caller.ts';
import { member } from '../../operations/audience.ts';
import { defineOperation, type Context, type Operation } from '../../operations/operation.ts';
import { AppError } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { text } from './appointments.fields.ts';
import { appointmentItem } from './appointments.results.ts';
import { getRow, historyWith, patchRow, type AppointmentRecord, type AppointmentRow, type HistoryEntry, type HistoryOperation } from './appointments.repo.ts';
import { assertMayDoAs } from '../../access/moves.ts';
import { reclaimTime } from './appointments.booking.ts';
import { isActive, movedBy, stageAfter, stageOf, type Status } from './appointments.status.ts';
import type { AppointmentsTable } from './appointments.table.ts';
import { freedBy, offerFreedTime } from './appointments.waitlist.ts';
import { emit, type EventType } from '../../events/events.ts';
import { assertInTime } from './appointments.timing.ts';

/** The webhook events of a stage entered, by a move or by update (docs/webhooks.md). */
export const STAGE_EVENTS: Partial<Record<string, EventType>> = { cancelled: 'appointment.cancelled', completed: 'appointment.completed' };

/**
 * The roles of a move into `to` made by another operation than the workflow one (update,
 * markPaymentSuccess): those of the workflow operation that makes it (MOVED_BY), FORBIDDEN otherwise.
 */
export function assertMayEnter(ctx: Context, organizationId: string, to: Status): void {
  const operation = movedBy(to);
  if (operation) assertMayDoAs(ctx, organizationId, { namespace: 'appointments', name: operation }, `moving an appointment to ${to}`);
}

/** The history entry of a change of `current` by `operation`: the values before it, who made it and why. */
export function historyEntry(ctx: Context, current: AppointmentRow, operation: HistoryOperation, reason: string | null | undefined): HistoryEntry {
  const previous = { scheduledDate: current.scheduledDate, scheduledTime: current.scheduledTime, duration: current.duration, status: current.status };
  return { at: ctx.now(), by: callerId(ctx.caller), operation, previous, reason: reason ?? null };
}

/** What a saved change tells the webhooks: the stage it entered (with why), and whether it moved the time. */
export interface ChangeTold {
  entered?: Status | undefined;
  reason?: string | null | undefined;
  moved?: boolean;
}

/**
 * Writes `changes` to the appointment `current`, offers the time it gave up (if any) to the
 * waitlist, and emits the events of the change.
 */
export async function saveChange(ctx: Context, current: AppointmentRow, changes: Updateable<AppointmentsTable>, told: ChangeTold): Promise<AppointmentRecord> {
  const { organizationId } = current;
  const item = await patchRow(ctx.db, organizationId, current.id, changes);
  await offerFreedTime(ctx, freedBy(current, { ...current, ...changes }, ctx.now()));
  const event = told.entered ? STAGE_EVENTS[told.entered] : undefined;
  if (event) await emit(ctx.db, ctx, organizationId, event, { appointment: item, reason: told.reason ?? null });
  if (told.moved) await emit(ctx.db, ctx, organizationId, 'appointment.rescheduled', { appointment: item, previous: { scheduledDate: current.scheduledDate, scheduledTime: current.scheduledTime } });
  return item;
}

export interface Move {
  organizationId: string;
  id: string;
  operation: Exclude<HistoryOperation, 'update' | 'reschedule'>;
  to: Status;
  reason?: string | null | undefined;
  /** other columns the move sets (cancelledAt ...) */
  other?: Updateable<AppointmentsTable>;
}

/**
 * Makes one move of the status table (appointments.status.ts): INVALID_STATE unless the table
 * allows it from the current stage (being there already included). An expired hold that comes
 * back to life claims its time again. The move goes into `history`.
 */
export async function moveAppointment(ctx: Context, move: Move): Promise<AppointmentRecord> {
  const current = await getRow(ctx.db, move.organizationId, move.id);
  if (stageOf(current) === move.to) throw new AppError('INVALID_STATE', `the appointment is already ${move.to}`);
  const stage = stageAfter(current, move.to);
  await assertInTime(ctx, move.organizationId, stage, current);
  const now = ctx.now();
  if (isActive({ stage, holdExpiresAt: current.holdExpiresAt }, now) && !isActive(current, now)) await reclaimTime(ctx, current);
  const history = historyWith(current, historyEntry(ctx, current, move.operation, move.reason));
  return saveChange(ctx, current, { ...move.other, status: move.to, stage, history, updatedAt: now }, { entered: stage, reason: move.reason });
}

/** The operation of one move of the status table that needs nothing but an optional reason (checkIn, start, complete, markNoShow). */
export function moveOperation(name: Move['operation'], to: Status, summary: string): Operation {
  return defineOperation({
    namespace: 'appointments',
    name, audience: member(),
    summary,
    writes: true,
    input: z.object({ id: id(), organizationId: id(), reason: text().nullish() }),
    output: appointmentItem,
    async handler(ctx, input) {
      return { item: await moveAppointment(ctx, { ...input, operation: name, to }) };
    },
  });
}
