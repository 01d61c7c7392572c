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
