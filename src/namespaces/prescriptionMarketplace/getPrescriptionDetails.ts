import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { requestDetailResult } from './prescriptionMarketplace.results.ts';
import { actingPatient } from './prescriptionMarketplace.fields.ts';
import { patientCatalogue, requestDetail } from './prescriptionMarketplace.records.ts';
import { findPatientRequest } from './prescriptionMarketplace.repo.ts';
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
  input: z.object({ prescriptionRequestId: id(), patientId: id().nullish() }),
  output: requestDetailResult,
  async handler(ctx, input) {
    const patientId = actingPatient(ctx, input.patientId);
    const request = await findPatientRequest(ctx.db, input.prescriptionRequestId, patientId);
    return { success: true as const, item: await requestDetail(ctx, request, { catalogueOf: await patientCatalogue(ctx, request) }) };
  },
});
