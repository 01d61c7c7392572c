import { z } from 'zod';
import { id } from '../../rpc/fields.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { actingPatient } from './marketplace.fields.ts';
import { requestRecord } from './marketplace.records.ts';
import { countQuotes, findPatientQuote, lockRequest, patchBroadcast, patchQuote, patchRequest, quoteById } from './marketplace.repo.ts';
import { assertStatus, MOVES } from './marketplace.status.ts';

/**
 * The patient rejects one submitted quote: the quote REJECTED, its broadcast CLOSED (one quote per
 * broadcast), and the request stays QUOTED while another quote stands, else it is BROADCASTED
 * again (the other pharmacies may still quote). Answers the single-request shape.
 */
export const rejectQuote = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'rejectQuote',
  summary: 'Reject a submitted quote',
  writes: true,
  input: z.object({ quoteId: id(), patientId: id().nullish() }),
  async handler(ctx, input) {
    const patientId = actingPatient(ctx, input.patientId);
    const found = await findPatientQuote(ctx.db, input.quoteId, patientId);
    const request = await lockRequest(ctx.db, ctx.dialect, found.prescriptionRequestId);
    assertStatus('prescription request', request.status, MOVES.rejectQuote.request, 'rejectQuote');
    const quote = await quoteById(ctx.db, found.id);
    assertStatus('quote', quote.status, MOVES.rejectQuote.quote, 'rejectQuote');

    const now = ctx.now();
    await patchQuote(ctx.db, quote.id, { status: 'REJECTED', decidedAt: now, updatedAt: now });
    await patchBroadcast(ctx.db, quote.broadcastId, { status: 'CLOSED', updatedAt: now });
    const stillQuoted = (await countQuotes(ctx.db, request.id, ['SUBMITTED'])) > 0;
    const updated = await patchRequest(ctx.db, request.id, { status: stillQuoted ? 'QUOTED' : 'BROADCASTED', updatedAt: now });
    return { success: true, item: requestRecord(updated) };
  },
});
