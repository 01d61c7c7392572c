import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { AppError, validationFailed } from '../../values/errors.ts';

/**
 * The appointment lifecycle: the known statuses and the moves between them (docs/appointments.md,
 * "Statuses"). The `stage` column holds the known status the lifecycle is at; `status` holds the
 * label shown, which is the stage itself or any other text `update` stored within that stage.
 */
export const STATUSES = ['pending', 'scheduled', 'confirmed', 'checked_in', 'in_consultation', 'completed', 'cancelled', 'no_show'] as const;
export type Status = (typeof STATUSES)[number];

/**
 * Where each stage may move. Forward only; a visit may skip steps (a walk-in seen at once is
 * completed from scheduled), but the gates hold: no one is a no-show once checked in, and a
 * consultation that started is not cancelled. The final stages move nowhere.
 */
export const MOVES: Readonly<Record<Status, readonly Status[]>> = {
  pending: ['scheduled', 'confirmed', 'checked_in', 'in_consultation', 'completed', 'cancelled', 'no_show'],
  scheduled: ['confirmed', 'checked_in', 'in_consultation', 'completed', 'cancelled', 'no_show'],
  confirmed: ['checked_in', 'in_consultation', 'completed', 'cancelled', 'no_show'],
  checked_in: ['in_consultation', 'completed', 'cancelled'],
  in_consultation: ['completed'],
  completed: [],
  cancelled: [],
  no_show: [],
};

/**
 * The workflow operation that makes the move into each stage (docs/appointments.md, "A move is the
 * same move whichever operation makes it"). A move into such a stage by any other operation (update, markPaymentSuccess) needs
 * that operation's roles (src/access/grants.ts) and is recorded in `history` under its name. The
 * stages without one (scheduled, confirmed) are plain edits of a booking.
 */
export const MOVED_BY = {
  checked_in: 'checkIn',
  in_consultation: 'start',
  completed: 'complete',
  cancelled: 'cancel',
  no_show: 'markNoShow',
} as const satisfies Partial<Record<Status, string>>;

export type MoveOperation = (typeof MOVED_BY)[keyof typeof MOVED_BY];

const MOVED_INTO: Partial<Record<Status, MoveOperation>> = MOVED_BY;

/** The workflow operation that makes the move into `stage` (undefined: a plain edit). */
export function movedBy(stage: Status): MoveOperation | undefined {
  return MOVED_INTO[stage];
}

/** The stages a new appointment may start at: every other one is reached only by a move. */
export const STARTS: readonly Status[] = ['pending', 'scheduled', 'confirmed'];

/** Stages whose appointment no longer holds its time (nor does a pending hold past holdExpiresAt). */
export const RELEASED = ['cancelled', 'no_show'] as const;

/** Stages past the first one (the patient came or the visit is over): such an appointment is not deleted. */
export const UNDELETABLE: ReadonlySet<Status> = new Set(['checked_in', 'in_consultation', 'completed', 'no_show']);

export function isKnown(status: string): status is Status {
  return (STATUSES as readonly string[]).includes(status);
}

/** The stage of a new appointment: its status when known, else `scheduled` (a label of a booked visit). */
export function initialStage(status: string): Status {
  return isKnown(status) ? status : 'scheduled';
}

/** The stage a new appointment starts at: VALIDATION_FAILED for a status only a move reaches (STARTS). */
export function startStage(status: string): Status {
  const stage = initialStage(status);
  if (STARTS.includes(stage)) return stage;
  throw validationFailed('status', `a new appointment is ${STARTS.join(', ')} (or a status of your own); ${stage} is reached only by ${movedBy(stage) ?? 'a move'}`);
}

/** The stage a stored row is at (rows carry a known status in `stage`; anything else counts as scheduled). */
export function stageOf(row: { stage: string }): Status {
  return initialStage(row.stage);
}

/**
 * The stage after `status` is set on an appointment at `stage`: a known status along MOVES (or the
 * stage itself), unknown text stays within the stage. Anything else is INVALID_STATE naming the
 * current status and the allowed next ones.
 */
export function stageAfter(current: { stage: string; status: string }, status: string): Status {
  const stage = stageOf(current);
  if (!isKnown(status) || status === stage) return stage;
  if (MOVES[stage].includes(status)) return status;
  const allowed = MOVES[stage].length ? MOVES[stage].join(', ') : 'none (final)';
  const named = current.status === stage ? stage : `${current.status} (stage ${stage})`;
  throw new AppError('INVALID_STATE', `a ${named} appointment cannot become ${status}; allowed next: ${allowed}`, {
    details: [{ path: 'status', message: `current ${named}; allowed next: ${allowed}` }],
  });
}

/** The stage `status` moves the appointment into, undefined when it stays at its stage (a label, or the stage again). */
export function enteredStage(current: { stage: string; status: string }, status: string): Status | undefined {
  const stage = stageAfter(current, status);
  return stage === stageOf(current) ? undefined : stage;
}

export interface HoldState {
  stage: string;
  holdExpiresAt: number | null;
}

/** Does the appointment hold its time at `now`? (completed ones do: they occupied it.) */
export function isActive(record: HoldState, now: number): boolean {
  if ((RELEASED as readonly string[]).includes(record.stage)) return false;
  return !(record.stage === 'pending' && record.holdExpiresAt !== null && record.holdExpiresAt <= now);
}

const released = sql.raw(RELEASED.map((stage) => `'${stage}'`).join(', '));

/** isActive() as SQL over the appointments table (a term of a builder's where, or of a statement written in SQL). */
export function activeAt(now: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`("stage" not in (${released}) and ("stage" != 'pending' or "holdExpiresAt" is null or "holdExpiresAt" > ${now}))`;
}

/** The operations that act on an appointment without being a move of their own: the stages they run from. */
export const WORKFLOW = {
  markPaymentSuccess: { from: ['pending', 'scheduled', 'confirmed', 'checked_in', 'in_consultation'], to: ['scheduled', 'confirmed', 'checked_in', 'in_consultation', 'completed'] },
  reschedule: { from: ['pending', 'scheduled', 'confirmed'], to: ['pending', 'scheduled', 'confirmed'] },
  triggerCallJoinNotification: { from: ['pending', 'scheduled', 'confirmed', 'checked_in', 'in_consultation'], to: [] },
  patientJoinedCall: { from: ['pending', 'scheduled', 'confirmed', 'checked_in', 'in_consultation'], to: [] },
} as const satisfies Record<string, { from: readonly Status[]; to: readonly Status[] }>;

export type WorkflowOperation = keyof typeof WORKFLOW;

/** Refuses (INVALID_STATE) a workflow operation on an appointment whose stage does not allow it. */
export function assertMayRun(operation: WorkflowOperation, current: { stage: string; status: string }): void {
  const from: readonly string[] = WORKFLOW[operation].from;
  if (from.includes(stageOf(current))) return;
  throw new AppError('INVALID_STATE', `a ${current.status} appointment cannot be changed by ${operation}`);
}
