import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { requestResult } from './prescriptionMarketplace.results.ts';
import { requestRecord } from './prescriptionMarketplace.records.ts';
import { lockPatientDecision } from './prescriptionMarketplace.patientDecision.ts';
import { countQuotes, patchBroadcast, patchQuote, patchRequest } from './prescriptionMarketplace.repo.ts';
import { quotePatient } from './prescriptionMarketplace.owners.ts';

/**
 * The patient rejects one submitted quote: the quote REJECTED, its broadcast CLOSED (one quote per
 * broadcast), and the request stays QUOTED while another quote stands, else it is BROADCASTED
 * again (the other pharmacies may still quote). Answers the single-request shape.
 */
export const rejectQuote = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'rejectQuote', audience: self(quotePatient),
  summary: 'Reject a submitted quote',
  writes: true,
  input: z.object({ quoteId: id(), patientId: id().nullish() }),
  output: requestResult,
  async handler(ctx, input) {
    const { request, quote } = await lockPatientDecision(ctx, 'rejectQuote', input);

    const now = ctx.now();
    await patchQuote(ctx.db, quote.id, { status: 'REJECTED', decidedAt: now, updatedAt: now });
    await patchBroadcast(ctx.db, quote.broadcastId, { status: 'CLOSED', updatedAt: now });
    const stillQuoted = (await countQuotes(ctx.db, request.id, ['SUBMITTED'])) > 0;
    const updated = await patchRequest(ctx.db, request.id, { status: stillQuoted ? 'QUOTED' : 'BROADCASTED', updatedAt: now });
    return { success: true as const, item: requestRecord(updated) };
  },
});
