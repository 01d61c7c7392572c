import { self } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { quotesResult } from './prescriptionMarketplace.results.ts';
import { patientRequest, patientRequestInput } from './prescriptionMarketplace.patientDecision.ts';
import { quoteRecords } from './prescriptionMarketplace.records.ts';
import { submittedQuotesOf } from './prescriptionMarketplace.repo.ts';
import { requestPatient } from './prescriptionMarketplace.owners.ts';
import { quoteReads } from './prescriptionMarketplace.reads.ts';

/**
 * The quotes submitted for the patient's request (whatever became of them since: SUBMITTED,
 * ACCEPTED, REJECTED, NOT_CHOSEN, CANCELLED), cheapest first. Drafts are the pharmacy's own.
 */
export const getQuotations = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'getQuotations', audience: self(requestPatient),
  readsPatientData: true, reads: quoteReads,
  summary: 'The quotes pharmacies submitted for a prescription request',
  input: patientRequestInput,
  output: quotesResult,
  async handler(ctx, input) {
    const request = await patientRequest(ctx, input);
    return { success: true as const, items: await quoteRecords(ctx, await submittedQuotesOf(ctx.db, request.id)) };
  },
});
