import type { Context } from '../../operations/operation.ts';
import { findBroadcast, findPharmacyQuote, lockRequest, quoteById, type BroadcastRow, type QuoteRow, type RequestRow } from './prescriptionMarketplace.repo.ts';
import { assertStatus, MOVES } from './prescriptionMarketplace.status.ts';

/**
 * The start of a pharmacy's move: the organization's broadcast or quote, its request locked first
 * (so concurrent moves on one request run one after the other), then what the move changes read
 * again under the lock and checked against the move's state table (request, quote, broadcast).
 */

/** A move on a broadcast (saveDraftQuote, rejectPrescription). */
export async function lockPharmacyBroadcast(
  ctx: Context,
  move: 'saveDraftQuote' | 'rejectPrescription',
  input: { organizationId: string; broadcastId: string },
): Promise<{ request: RequestRow; broadcast: BroadcastRow }> {
  const found = await findBroadcast(ctx.db, input.organizationId, { broadcastId: input.broadcastId });
  const request = await lockRequest(ctx.db, ctx.dialect, found.prescriptionRequestId);
  assertStatus('prescription request', request.status, MOVES[move].request, move);
  const broadcast = await findBroadcast(ctx.db, input.organizationId, { broadcastId: found.id });
  assertStatus('broadcast', broadcast.status, MOVES[move].broadcast, move);
  return { request, broadcast };
}

/** A move on the pharmacy's quote (submitQuote, updateQuote). */
export async function lockPharmacyQuote(
  ctx: Context,
  move: 'submitQuote' | 'updateQuote',
  input: { organizationId: string; quoteId: string },
): Promise<{ request: RequestRow; quote: QuoteRow; broadcast: BroadcastRow }> {
  const found = await findPharmacyQuote(ctx.db, input.organizationId, input.quoteId);
  const request = await lockRequest(ctx.db, ctx.dialect, found.prescriptionRequestId);
  assertStatus('prescription request', request.status, MOVES[move].request, move);
  const quote = await quoteById(ctx.db, found.id);
  assertStatus('quote', quote.status, MOVES[move].quote, move);
  const broadcast = await findBroadcast(ctx.db, input.organizationId, { broadcastId: quote.broadcastId });
  assertStatus('broadcast', broadcast.status, MOVES[move].broadcast, move);
  return { request, quote, broadcast };
}
