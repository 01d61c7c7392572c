import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../values/errors.ts';

/**
 * The known appointment statuses in workflow order. `update` stores any status text (the
 * interface says so); the workflow operations know only these and move forward only.
 */
export const STATUSES = ['pending', 'scheduled', 'confirmed', 'checked_in', 'in_consultation', 'completed', 'cancelled', 'no_show'] as const;
export type Status = (typeof STATUSES)[number];

/** Ends of the workflow: no workflow operation pays, moves or re-opens them. */
export const FINAL: ReadonlySet<string> = new Set(['completed', 'cancelled', 'no_show']);

/** Statuses whose appointment no longer holds its time (nor does a pending hold past holdExpiresAt). */
export const RELEASED = ['cancelled', 'no_show'] as const;

/** Position in the workflow (the final statuses share the last); an unknown status (free text from update) counts as `scheduled`. */
export function rank(status: string): number {
  if (FINAL.has(status)) return STATUSES.indexOf('completed');
  const i = STATUSES.indexOf(status as Status);
  return i < 0 ? STATUSES.indexOf('scheduled') : i;
}

export interface HoldState {
  status: string;
  holdExpiresAt: number | null;
}

/** Does the appointment hold its time at `now`? (completed ones do: they occupied it.) */
export function isActive(record: HoldState, now: number): boolean {
  if ((RELEASED as readonly string[]).includes(record.status)) return false;
  return !(record.status === 'pending' && record.holdExpiresAt !== null && record.holdExpiresAt <= now);
}

/** isActive() as SQL over the appointments table. */
export function activeAt(eb: ExpressionBuilder<Database, 'appointments'>, now: number): Expression<SqlBool> {
  return eb.and([
    eb('status', 'not in', [...RELEASED]),
    eb.or([eb('status', '!=', 'pending'), eb('holdExpiresAt', 'is', null), eb('holdExpiresAt', '>', now)]),
  ]);
}

/** What each workflow operation may do: from which statuses, and to which it may move. */
export const WORKFLOW = {
  markPaymentSuccess: { from: ['pending', 'scheduled', 'confirmed', 'checked_in', 'in_consultation'], to: ['scheduled', 'confirmed', 'checked_in', 'in_consultation', 'completed'] },
  reschedule: { from: ['pending', 'scheduled', 'confirmed'], to: ['pending', 'scheduled', 'confirmed'] },
  triggerCallJoinNotification: { from: ['pending', 'scheduled', 'confirmed', 'checked_in', 'in_consultation'], to: [] },
  patientJoinedCall: { from: ['pending', 'scheduled', 'confirmed', 'checked_in', 'in_consultation'], to: [] },
} as const satisfies Record<string, { from: readonly Status[]; to: readonly Status[] }>;

export type WorkflowOperation = keyof typeof WORKFLOW;

/** Refuses (INVALID_STATE) a workflow operation on an appointment whose status does not allow it. Unknown statuses count as `scheduled`. */
export function assertMayRun(operation: WorkflowOperation, status: string): void {
  const known = STATUSES.includes(status as Status);
  const from: readonly string[] = WORKFLOW[operation].from;
  if (from.includes(known ? status : 'scheduled')) return;
  throw new AppError('INVALID_STATE', `a ${status} appointment cannot be changed by ${operation}`);
}

/** The status a workflow operation leaves: the requested one if it is not behind the current one (INVALID_STATE otherwise). */
export function forwardTo(current: string, requested: string | null | undefined, fallback: string): string {
  if (requested === null || requested === undefined) return rank(fallback) >= rank(current) ? fallback : current;
  if (rank(requested) < rank(current)) {
    throw new AppError('INVALID_STATE', `status moves forward only: ${current} cannot go back to ${requested}`);
  }
  return requested;
}
