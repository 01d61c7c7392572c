import { callerId } from '../../caller/caller.ts';
import type { Context } from '../../operations/operation.ts';
import { AppError } from '../../values/errors.ts';
import { getRow, historyText, patchRow, toRecord, type AppointmentRecord, type AppointmentRow, type HistoryEntry, type HistoryOperation } from './appointments.repo.ts';
import { assertMayDoAs } from '../../access/moves.ts';
import { claimTime } from './appointments.claims.ts';
import { isActive, movedBy, stageAfter, stageOf, type Status } from './appointments.status.ts';
import { freedBy, offerFreedTime } from './appointments.waitlist.ts';
import { emitEvent, type EventType } from '../webhooks/webhooks.public.ts';

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

/** The history entry of a move into `to` from `current`: named by the workflow operation that makes it, else by `via`. */
export function moveEntry(ctx: Context, current: AppointmentRow, to: Status, via: HistoryOperation, reason: string | null | undefined): HistoryEntry {
  const previous = { scheduledDate: current.scheduledDate, scheduledTime: current.scheduledTime, duration: current.duration, status: current.status };
  return { at: ctx.now(), by: callerId(ctx.caller), operation: movedBy(to) ?? via, previous, reason: reason ?? null };
}

export interface Move {
  organizationId: string;
  id: string;
  operation: Exclude<HistoryOperation, 'update' | 'reschedule'>;
  to: Status;
  reason?: string | null | undefined;
  /** other columns the move sets (cancelledAt ...) */
  other?: Partial<AppointmentRow>;
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
  const now = ctx.now();
  if (isActive({ stage, holdExpiresAt: current.holdExpiresAt }, now) && !isActive(current, now)) {
    await claimTime(ctx, current, { start: Number(current.startMinute), end: Number(current.endMinute) });
  }
  const entry = { ...moveEntry(ctx, current, move.to, move.operation, move.reason), operation: move.operation };
  const changes = { ...move.other, status: move.to, stage, history: historyText([...toRecord(current).history, entry]), updatedAt: now };
  const item = await patchRow(ctx.db, move.organizationId, move.id, changes);
  await offerFreedTime(ctx, freedBy(current, { ...current, ...changes }, now));
  const event = STAGE_EVENTS[stage];
  if (event) await emitEvent(ctx.db, ctx, move.organizationId, event, { appointment: item, reason: move.reason ?? null });
  return item;
}
