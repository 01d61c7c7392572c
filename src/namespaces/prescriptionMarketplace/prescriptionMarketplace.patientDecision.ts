import { z } from 'zod';
import type { Context } from '../../operations/operation.ts';
import { id } from '../../values/fields.ts';
import { actingPatient } from './prescriptionMarketplace.fields.ts';
import { findPatientQuote, findPatientRequest, lockRequest, quoteById, type QuoteRow, type RequestRow } from './prescriptionMarketplace.repo.ts';
import { assertStatus, MOVES } from './prescriptionMarketplace.status.ts';

/** The input of the operations on one of the patient's requests: the request, and the patient without a token. */
export const patientRequestInput = z.object({ prescriptionRequestId: id(), patientId: id().nullish() });

/** The patient's own request the input names (getPrescriptionDetails, getQuotations, cancelPrescription). */
export async function patientRequest(ctx: Context, input: z.output<typeof patientRequestInput>): Promise<RequestRow> {
  return findPatientRequest(ctx.db, input.prescriptionRequestId, actingPatient(ctx, input.patientId));
}

/**
 * The start of a patient's decision on a quote (acceptQuote, rejectQuote): the patient's own quote,
 * its request locked first (so concurrent decisions run one after the other), then both read again
 * under the lock and checked against the move's state table.
 */
export async function lockPatientDecision(
  ctx: Context,
  move: 'acceptQuote' | 'rejectQuote',
  input: { quoteId: string; patientId?: string | null | undefined },
): Promise<{ request: RequestRow; quote: QuoteRow }> {
  const patientId = actingPatient(ctx, input.patientId);
  const found = await findPatientQuote(ctx.db, input.quoteId, patientId);
  const request = await lockRequest(ctx.db, ctx.dialect, found.prescriptionRequestId);
  assertStatus('prescription request', request.status, MOVES[move].request, move);
  const quote = await quoteById(ctx.db, found.id);
  assertStatus('quote', quote.status, MOVES[move].quote, move);
  return { request, quote };
}
