import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { quoteResult } from './prescriptionMarketplace.results.ts';
import { quoteAmounts } from './prescriptionMarketplace.fields.ts';
import { oneQuoteRecord } from './prescriptionMarketplace.records.ts';
import { lockPharmacyBroadcast } from './prescriptionMarketplace.pharmacyMove.ts';
import { quoteOfBroadcast } from './prescriptionMarketplace.repo.ts';
import { assertStatus, MOVES } from './prescriptionMarketplace.status.ts';
import { writeDraft } from './prescriptionMarketplace.quote.ts';

/**
 * Creates the pharmacy's draft quote for a broadcast, or changes it when one exists (one quote per
 * broadcast): the request open, the broadcast not yet answered, the quote still a DRAFT.
 * Omitted fields are unchanged (0 and no items on a new quote); `items` replaces every line.
 */
export const saveDraftQuote = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'saveDraftQuote', audience: member(),
  summary: "Create or change the pharmacy's draft quote for a broadcast",
  writes: true,
  input: z.object({ broadcastId: id(), organizationId: id(), ...quoteAmounts }),
  output: quoteResult,
  async handler(ctx, input) {
    const { broadcast } = await lockPharmacyBroadcast(ctx, 'saveDraftQuote', input);
    const current = await quoteOfBroadcast(ctx.db, broadcast.id);
    if (current) assertStatus('quote', current.status, MOVES.saveDraftQuote.quote, 'saveDraftQuote');
    const quote = await writeDraft(ctx, broadcast, current, input);
    return { success: true as const, item: await oneQuoteRecord(ctx, quote) };
  },
});
