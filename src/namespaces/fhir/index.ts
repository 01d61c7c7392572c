import type { Operation } from '../../operations/operation.ts';
import { metadata } from './metadata.ts';
import { readSlotOperation, searchSlotOperation } from './slots/operations.ts';
import { typeOperations } from './types/index.ts';

export { fhirRoutes, type FhirDispatch } from './fhir.http.ts';
export const operations: Operation[] = [metadata, ...typeOperations, readSlotOperation, searchSlotOperation];
