import { self } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { requestResult } from './prescriptionMarketplace.results.ts';
import { patientRequest, patientRequestInput } from './prescriptionMarketplace.patientDecision.ts';
import { requestRecord } from './prescriptionMarketplace.records.ts';
import { lockRequest, moveBroadcasts, moveQuotes, patchRequest } from './prescriptionMarketplace.repo.ts';
import { assertStatus, LIVE_BROADCAST, MOVES, PENDING_QUOTE } from './prescriptionMarketplace.status.ts';
import { requestPatient } from './prescriptionMarketplace.owners.ts';

/**
 * The patient cancels an open request (BROADCASTED or QUOTED): the request, its live broadcasts
 * and its pending quotes (drafts and submitted) become CANCELLED. Answers the single-request shape.
 */
export const cancelPrescription = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'cancelPrescription', audience: self(requestPatient),
  summary: 'Cancel an open prescription request',
  writes: true,
  input: patientRequestInput,
  output: requestResult,
  async handler(ctx, input) {
    const found = await patientRequest(ctx, input);
    const request = await lockRequest(ctx.db, ctx.dialect, found.id);
    assertStatus('prescription request', request.status, MOVES.cancelPrescription.request, 'cancelPrescription');

    const now = ctx.now();
    await moveQuotes(ctx.db, request.id, PENDING_QUOTE, 'CANCELLED', now);
    await moveBroadcasts(ctx.db, request.id, LIVE_BROADCAST, 'CANCELLED', now);
    const cancelled = await patchRequest(ctx.db, request.id, { status: 'CANCELLED', cancelledAt: now, updatedAt: now });
    return { success: true as const, item: requestRecord(cancelled) };
  },
});
