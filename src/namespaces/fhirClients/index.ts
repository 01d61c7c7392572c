import type { Operation } from '../../operations/operation.ts';
import { list } from './list.ts';
import { register } from './register.ts';
import { revoke } from './revoke.ts';

export { smartRoutes } from './fhirClients.http.ts';
/** Backend clients of the FHIR API (SMART Backend Services): registered, listed and revoked by an organization's admins. */
export const operations: Operation[] = [register, list, revoke];
