import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import { quoteSchema, requestDetailWithQuote } from './prescriptionMarketplace.results.ts';
import { staffOf } from '../inventoryItems/inventoryItems.public.ts';
import { notify } from '../notifications/notifications.public.ts';
import { oneQuoteRecord, requestDetail } from './prescriptionMarketplace.records.ts';
import { lockPatientDecision } from './prescriptionMarketplace.patientDecision.ts';
import { moveBroadcasts, moveQuotes, patchBroadcast, patchQuote, patchRequest, type QuoteRow } from './prescriptionMarketplace.repo.ts';
import { LIVE_BROADCAST, PENDING_QUOTE } from './prescriptionMarketplace.status.ts';
import { quotePatient } from './prescriptionMarketplace.owners.ts';
import { emit } from '../../events/events.ts';

/** Tells the pharmacy's staff (admin, pharmacist) that its quote was accepted; once per quote and person. */
async function notifyPharmacy(ctx: Context, quote: QuoteRow): Promise<void> {
  for (const person of await staffOf(ctx.db, quote.organizationId)) {
    await notify(ctx.db, ctx, {
      organizationId: quote.organizationId,
      recipientIdpUserId: person.idpUserId,
      recipientRole: person.role,
      type: 'prescription_quote_accepted',
      title: 'Quote accepted',
      message: `A patient accepted your quote of ${(Number(quote.grandTotal) / 100).toFixed(2)} ${quote.currency}.`,
      priority: 'high',
      relatedEntityType: 'prescriptionQuotes',
      relatedEntityId: quote.id,
      navigationParams: { prescriptionRequestId: quote.prescriptionRequestId, broadcastId: quote.broadcastId, quoteId: quote.id },
      dedupeKey: `prescription-quote:${quote.id}:accepted:${person.idpUserId}`,
    });
  }
}

/**
 * The patient accepts one submitted quote: the quote ACCEPTED, the request ACCEPTED (closed to
 * every other quote), the other pending quotes NOT_CHOSEN, the quote's broadcast ACCEPTED and the
 * other live broadcasts CLOSED. The request is locked first, so of two concurrent accepts one
 * wins and the other finds the request ACCEPTED (INVALID_STATE).
 */
export const acceptQuote = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'acceptQuote', audience: self(quotePatient),
  summary: 'Accept a submitted quote (the others are not chosen)',
  writes: true,
  input: z.object({ quoteId: id(), patientId: id().nullish() }),
  output: requestDetailWithQuote(quoteSchema),
  async handler(ctx, input) {
    const { request, quote } = await lockPatientDecision(ctx, 'acceptQuote', input);

    const now = ctx.now();
    const accepted = await patchQuote(ctx.db, quote.id, { status: 'ACCEPTED', decidedAt: now, updatedAt: now });
    await moveQuotes(ctx.db, request.id, PENDING_QUOTE, 'NOT_CHOSEN', now, quote.id);
    await patchBroadcast(ctx.db, quote.broadcastId, { status: 'ACCEPTED', updatedAt: now });
    await moveBroadcasts(ctx.db, request.id, LIVE_BROADCAST, 'CLOSED', now, quote.broadcastId);
    const closed = await patchRequest(ctx.db, request.id, { status: 'ACCEPTED', acceptedQuoteId: quote.id, acceptedAt: now, updatedAt: now });
    await notifyPharmacy(ctx, accepted);
    const quoteRecord = await oneQuoteRecord(ctx, accepted);
    // Told to the pharmacy whose quote was chosen (the patient's side belongs to no organization).
    await emit(ctx.db, ctx, accepted.organizationId, 'prescription.accepted', { prescriptionRequestId: request.id, quote: quoteRecord });
    return {
      success: true as const,
      item: await requestDetail(ctx, closed, { catalogueOf: accepted.organizationId }),
      quote: quoteRecord,
    };
  },
});
