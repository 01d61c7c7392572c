import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { quoteResult } from './prescriptionMarketplace.results.ts';
import { quoteAmounts } from './prescriptionMarketplace.fields.ts';
import { oneQuoteRecord } from './prescriptionMarketplace.records.ts';
import { findBroadcast, findPharmacyQuote, lockRequest, quoteById } from './prescriptionMarketplace.repo.ts';
import { assertStatus, MOVES } from './prescriptionMarketplace.status.ts';
import { writeDraft } from './prescriptionMarketplace.quote.ts';

/** Changes the pharmacy's draft quote (a submitted quote is final). Omitted fields are unchanged. */
export const updateQuote = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'updateQuote', audience: member(),
  summary: "Change the pharmacy's draft quote",
  writes: true,
  input: z.object({ quoteId: id(), organizationId: id(), ...quoteAmounts }),
  output: quoteResult,
  async handler(ctx, input) {
    const found = await findPharmacyQuote(ctx.db, input.organizationId, input.quoteId);
    const request = await lockRequest(ctx.db, ctx.dialect, found.prescriptionRequestId);
    assertStatus('prescription request', request.status, MOVES.updateQuote.request, 'updateQuote');
    const quote = await quoteById(ctx.db, found.id);
    assertStatus('quote', quote.status, MOVES.updateQuote.quote, 'updateQuote');
    const broadcast = await findBroadcast(ctx.db, input.organizationId, { broadcastId: quote.broadcastId });
    assertStatus('broadcast', broadcast.status, MOVES.updateQuote.broadcast, 'updateQuote');
    const updated = await writeDraft(ctx, broadcast, quote, input);
    return { success: true as const, item: await oneQuoteRecord(ctx, updated) };
  },
});
