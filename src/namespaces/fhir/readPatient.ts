import { z } from 'zod';
import { self } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { notFound } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { out } from '../../values/results.ts';
import { patientReadOwner } from './fhir.patient-owner.ts';
import { patientRead } from './fhir.reads.ts';
import { patientResource, type FhirResource } from './fhir.resources.ts';

/**
 * GET /fhir/R4/Patient/{id}: one patient of the organization as a FHIR Patient, for its staff and
 * for the patient's own linked account; another organization's is not found.
 */
export const readPatient = defineOperation({
  namespace: 'fhir',
  name: 'readPatient',
  summary: 'A patient as a FHIR R4 Patient (GET /fhir/R4/Patient/{id})',
  audience: self(patientReadOwner),
  tokenRequired: true,
  readsPatientData: true,
  reads: { records: (patient: FhirResource<'Patient'>) => [patientRead(patient)] },
  input: z.object({ organizationId: id(), id: id() }),
  output: out.record({ resourceType: z.literal('Patient'), id: out.id() }),
  async handler(ctx, input) {
    const row = await ctx.db.selectFrom('patients').selectAll().where('organizationId', '=', input.organizationId).where('id', '=', input.id).executeTakeFirst();
    if (!row) throw notFound('patient');
    return patientResource(row);
  },
});
