import type { JobDefinition } from '../../background/runner.ts';
import type { Operation } from '../../operations/operation.ts';
import { bulkExportJobs, bulkOperations } from './bulk/index.ts';
import { metadata } from './metadata.ts';
import { readPatient } from './readPatient.ts';
import { searchPatient } from './searchPatient.ts';

export { fhirRoutes, type FhirDispatch } from './fhir.http.ts';
export const operations: Operation[] = [metadata, readPatient, searchPatient, ...bulkOperations];
export const jobs: readonly JobDefinition[] = bulkExportJobs;
