import type { Operation } from '../../operations/operation.ts';
import { metadata } from './metadata.ts';
import { readPatient } from './readPatient.ts';
import { searchPatient } from './searchPatient.ts';

export { fhirRoutes, type FhirDispatch } from './fhir.http.ts';
export const operations: Operation[] = [metadata, readPatient, searchPatient];
