import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { quoteResult } from './prescriptionMarketplace.results.ts';
import { quoteAmounts } from './prescriptionMarketplace.fields.ts';
import { oneQuoteRecord } from './prescriptionMarketplace.records.ts';
import { lockPharmacyQuote } from './prescriptionMarketplace.pharmacyMove.ts';
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
    const { quote, broadcast } = await lockPharmacyQuote(ctx, 'updateQuote', input);
    const updated = await writeDraft(ctx, broadcast, quote, input);
    return { success: true as const, item: await oneQuoteRecord(ctx, updated) };
  },
});
