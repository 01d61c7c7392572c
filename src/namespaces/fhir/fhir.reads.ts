import type { ReadRecord } from '../../operations/reads.ts';
import type { FhirResource } from './fhir.resources.ts';

/** A Patient answered is a read of that patient, in the organization the call concerned (the read log). */
export const patientRead = (patient: FhirResource<'Patient'>): ReadRecord => ({ id: patient.id, organizationId: null, patientId: patient.id });
