import { AppError } from '../../values/errors.ts';

/**
 * Payout statuses. Create and update accept any status text (the interface says update accepts
 * any); these are the ones the service knows, matched in any letter case. What a status means for
 * the organization's balance (getOrganizationSummary, requestByOrganization):
 * - paid out: the money has left the platform (PAID; PROCESSED is taken as a synonym);
 * - released: the payout will not happen, its amount is available again (REJECTED, FAILED, CANCELLED);
 * - pending: everything else (REQUESTED, APPROVED, PROCESSING, and any status text the service
 *   does not know), held back from what is available so that it cannot be requested twice.
 */
export const PAYOUT_STATUSES = ['REQUESTED', 'APPROVED', 'PROCESSING', 'PAID', 'REJECTED', 'FAILED'] as const;

/** The status requestByOrganization gives a new payout. */
export const REQUESTED = 'REQUESTED';

export type PayoutState = 'paidOut' | 'released' | 'pending';

const PAID_OUT = new Set(['PAID', 'PROCESSED']);
const RELEASED = new Set(['REJECTED', 'FAILED', 'CANCELLED']);

export function stateOf(status: string): PayoutState {
  const s = status.trim().toUpperCase();
  if (PAID_OUT.has(s)) return 'paidOut';
  if (RELEASED.has(s)) return 'released';
  return 'pending';
}

/** A payout is processed (stamped with processedAt) once it is paid out or released. */
export function isProcessed(status: string | null | undefined): boolean {
  return typeof status === 'string' && stateOf(status) !== 'pending';
}

/** The stages of a payout's lifecycle (docs/payouts-and-salon.md, "Statuses and moves"). */
export const STAGES = ['REQUESTED', 'APPROVED', 'PROCESSING', 'PAID', 'REJECTED', 'FAILED', 'CANCELLED'] as const;
export type Stage = (typeof STAGES)[number];

/**
 * Where each stage may move: forward only, and the ends (paid out or released) move nowhere. A
 * payout that failed is requested again as a new one.
 */
export const MOVES: Readonly<Record<Stage, readonly Stage[]>> = {
  REQUESTED: ['APPROVED', 'PROCESSING', 'PAID', 'REJECTED', 'CANCELLED'],
  APPROVED: ['PROCESSING', 'PAID', 'REJECTED', 'FAILED', 'CANCELLED'],
  PROCESSING: ['PAID', 'FAILED'],
  PAID: [],
  REJECTED: [],
  FAILED: [],
  CANCELLED: [],
};

/** The stage a status text names (any case; PROCESSED is PAID), or undefined for a label of your own. */
export function stageNamed(status: string): Stage | undefined {
  const s = status.trim().toUpperCase();
  if (s === 'PROCESSED') return 'PAID';
  return (STAGES as readonly string[]).includes(s) ? (s as Stage) : undefined;
}

/** The stage a stored stage text stands for (anything else counts as REQUESTED). */
export const stageOfText = (stage: string): Stage => stageNamed(stage) ?? 'REQUESTED';

/**
 * The stage after `status` is set on a payout at `stage` (labelled `label`): a known status along
 * MOVES (or the stage itself), other text a label within the stage. An ended payout changes no
 * more; any other move is INVALID_STATE naming the allowed next statuses.
 */
export function payoutStageAfter(stage: Stage, label: string, status: string): Stage {
  const named = stageNamed(label) === stage ? stage : `${label} (stage ${stage})`;
  if (MOVES[stage].length === 0) throw new AppError('INVALID_STATE', `a ${named} payout has ended: its status cannot change`);
  const to = stageNamed(status);
  if (to === undefined || to === stage) return stage;
  if (MOVES[stage].includes(to)) return to;
  throw new AppError('INVALID_STATE', `a ${named} payout cannot become ${to} (it can become: ${MOVES[stage].join(', ')})`, {
    details: [{ path: 'status', message: `current ${named}; allowed next: ${MOVES[stage].join(', ')}` }],
  });
}
