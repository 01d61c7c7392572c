import { self } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { requestDetailResult } from './prescriptionMarketplace.results.ts';
import { patientRequest, patientRequestInput } from './prescriptionMarketplace.patientDecision.ts';
import { patientCatalogue, requestDetail } from './prescriptionMarketplace.records.ts';
import { requestPatient } from './prescriptionMarketplace.owners.ts';
import { byPatientId, itemReads } from '../../operations/reads.ts';

/**
 * The patient's request in the detail shape: every broadcast, and for each medicine the stored
 * productIds and the catalogue options of the request's pharmacy (the accepted quote's, else the
 * one named; none for a request broadcast by distance that is not accepted yet).
 */
export const getPrescriptionDetails = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'getPrescriptionDetails', audience: self(requestPatient),
  readsPatientData: true, reads: itemReads(byPatientId),
  summary: "A patient's prescription request with its medicines and broadcasts",
  input: patientRequestInput,
  output: requestDetailResult,
  async handler(ctx, input) {
    const request = await patientRequest(ctx, input);
    return { success: true as const, item: await requestDetail(ctx, request, { catalogueOf: await patientCatalogue(ctx, request) }) };
  },
});
