import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import { quoteResult } from './prescriptionMarketplace.results.ts';
import { notify } from '../notifications/notifications.public.ts';
import { oneQuoteRecord } from './prescriptionMarketplace.records.ts';
import { lockPharmacyQuote } from './prescriptionMarketplace.pharmacyMove.ts';
import { patchBroadcast, patchQuote, patchRequest, quoteItemsOf, type QuoteRow, type RequestRow } from './prescriptionMarketplace.repo.ts';
import { emit } from '../../events/events.ts';

/** Tells the patient a quote arrived; once per quote. */
async function notifyPatient(ctx: Context, request: RequestRow, quote: QuoteRow, pharmacyName: string | null): Promise<void> {
  await notify(ctx.db, ctx, {
    organizationId: quote.organizationId,
    recipientIdpUserId: request.patientId,
    recipientRole: 'patient',
    type: 'prescription_quote_received',
    title: 'New quote for your prescription',
    message: `${pharmacyName ?? 'A pharmacy'} quoted ${(Number(quote.grandTotal) / 100).toFixed(2)} ${quote.currency}.`,
    relatedEntityType: 'prescriptionQuotes',
    relatedEntityId: quote.id,
    navigationParams: { prescriptionRequestId: request.id, quoteId: quote.id },
    dedupeKey: `prescription-quote:${quote.id}:submitted`,
  });
}

/**
 * Submits the pharmacy's draft quote (with at least one item) as priced when it was saved: the
 * quote SUBMITTED and visible to the patient, its broadcast and the request QUOTED; the patient
 * is notified.
 */
export const submitQuote = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'submitQuote', audience: member(),
  summary: "Submit the pharmacy's draft quote to the patient",
  writes: true,
  input: z.object({ quoteId: id(), organizationId: id() }),
  output: quoteResult,
  async handler(ctx, input) {
    const { request, quote, broadcast } = await lockPharmacyQuote(ctx, 'submitQuote', input);
    if ((await quoteItemsOf(ctx.db, [quote.id])).get(quote.id)!.length === 0) {
      throw new AppError('INVALID_STATE', 'a quote without items cannot be submitted');
    }

    const now = ctx.now();
    const submitted = await patchQuote(ctx.db, quote.id, { status: 'SUBMITTED', submittedAt: now, updatedAt: now });
    await patchBroadcast(ctx.db, broadcast.id, { status: 'QUOTED', respondedAt: now, updatedAt: now });
    await patchRequest(ctx.db, request.id, { status: 'QUOTED', updatedAt: now });
    const record = await oneQuoteRecord(ctx, submitted);
    await notifyPatient(ctx, request, submitted, record.pharmacyName);
    await emit(ctx.db, ctx, input.organizationId, 'prescription.quoted', { prescriptionRequestId: request.id, quote: record });
    return { success: true as const, item: record };
  },
});
