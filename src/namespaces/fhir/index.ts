import type { JobDefinition } from '../../background/runner.ts';
import type { Operation } from '../../operations/operation.ts';
import { bulkExportJobs, bulkOperations } from './bulk/index.ts';
import { metadata } from './metadata.ts';
import { typeOperations } from './types/index.ts';
import { FHIR_TAG, fhirOpenApiPaths } from './fhir.openapi.ts';

export { fhirRoutes, type FhirDispatch } from './fhir.http.ts';
/** The FHIR endpoints for /openapi.json and /docs. */
export const fhirOpenApi = () => ({ tag: FHIR_TAG, paths: fhirOpenApiPaths() });
export const operations: Operation[] = [metadata, ...typeOperations, ...bulkOperations];
export const jobs: readonly JobDefinition[] = bulkExportJobs;
