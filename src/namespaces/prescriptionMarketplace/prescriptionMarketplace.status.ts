import { z } from 'zod';
import { AppError } from '../../values/errors.ts';
import { BROADCAST_STATUSES, QUOTE_STATUSES, REQUEST_STATUSES, type BroadcastStatus, type QuoteStatus, type RequestStatus } from './prescriptionMarketplace.table.ts';

/**
 * The state tables of the marketplace (docs/marketplace.md): for each record, the statuses and
 * which move each operation may make from which status. Every operation checks its move here,
 * after locking the request, and answers INVALID_STATE otherwise.
 */

export { BROADCAST_STATUSES, QUOTE_STATUSES, REQUEST_STATUSES, type BroadcastStatus, type QuoteStatus, type RequestStatus };

/** A request still open to quotes. */
export const OPEN_REQUEST: readonly RequestStatus[] = ['BROADCASTED', 'QUOTED'];
/** A broadcast the pharmacy has not answered yet (it may draft, submit or decline). */
export const UNANSWERED_BROADCAST: readonly BroadcastStatus[] = ['SENT', 'VIEWED'];
/** A broadcast still taking part: closed or cancelled with its request. */
export const LIVE_BROADCAST: readonly BroadcastStatus[] = ['SENT', 'VIEWED', 'QUOTED'];
/** A quote not yet decided. */
export const PENDING_QUOTE: readonly QuoteStatus[] = ['DRAFT', 'SUBMITTED'];
/** A quote that counts as an offer in the summaries (`available`, `amount`). */
export const STANDING_QUOTE: readonly QuoteStatus[] = ['SUBMITTED', 'ACCEPTED'];

/** Where each operation may take each record from. */
export const MOVES = {
  /** uploadPrescription: a new request is BROADCASTED, its broadcasts SENT. */
  submitQuote: { request: OPEN_REQUEST, broadcast: UNANSWERED_BROADCAST, quote: ['DRAFT'] },
  saveDraftQuote: { request: OPEN_REQUEST, broadcast: UNANSWERED_BROADCAST, quote: ['DRAFT'] },
  updateQuote: { request: OPEN_REQUEST, broadcast: UNANSWERED_BROADCAST, quote: ['DRAFT'] },
  rejectPrescription: { request: OPEN_REQUEST, broadcast: UNANSWERED_BROADCAST },
  acceptQuote: { request: ['QUOTED'], quote: ['SUBMITTED'] },
  rejectQuote: { request: ['QUOTED'], quote: ['SUBMITTED'] },
  cancelPrescription: { request: OPEN_REQUEST },
} as const satisfies Record<string, { request: readonly RequestStatus[]; broadcast?: readonly BroadcastStatus[]; quote?: readonly QuoteStatus[] }>;

export type Move = keyof typeof MOVES;

/** INVALID_STATE unless `status` is one `allowed` for the operation. */
export function assertStatus(what: 'prescription request' | 'broadcast' | 'quote', status: string, allowed: readonly string[], operation: string): void {
  if (allowed.includes(status)) return;
  throw new AppError('INVALID_STATE', `${operation} needs a ${what} that is ${allowed.join(' or ')}; this one is ${status}`);
}

/** A status filter: one of the known values, any case. */
export function statusFilter<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(values, { error: `must be one of: ${values.join(', ')}` }));
}
