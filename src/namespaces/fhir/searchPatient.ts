import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { patientSearchInput, searchPatients, type PatientPage } from './fhir.patient-search.ts';
import { patientRead } from './fhir.reads.ts';

/**
 * GET /fhir/R4/Patient?... and POST /fhir/R4/Patient/_search: a page of the organization's
 * patients as FHIR Patients, the total, and the cursor of the next page (the route makes the
 * searchset Bundle and its links). Every patient answered is in the read log.
 */
export const searchPatient = defineOperation({
  namespace: 'fhir',
  name: 'searchPatient',
  summary: 'Search patients as FHIR R4 Patients (GET /fhir/R4/Patient)',
  audience: member(),
  tokenRequired: true,
  readsPatientData: true,
  reads: { records: (page: PatientPage) => page.items.map(patientRead) },
  input: patientSearchInput,
  output: z.object({
    total: out.int(),
    count: out.int(),
    next: out.id().nullable(),
    items: z.array(out.record({ resourceType: z.literal('Patient'), id: out.id() })),
  }),
  async handler(ctx, input) {
    return { ...(await searchPatients(ctx.db, input)), count: input._count };
  },
});
