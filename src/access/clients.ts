import type { Caller, ClientCaller } from '../caller/caller.ts';
import { allows, type ReadInteraction } from '../caller/smart-scopes.ts';
import type { Concerned } from '../operations/concerned.ts';
import type { Operation } from '../operations/operation.ts';
import { AppError } from '../values/errors.ts';

/**
 * What a backend client's token reaches (docs/fhir.md, "Authorization"): the FHIR API only, in the
 * client's organization only, and there the public operations, the reads and searches of the
 * resource types its scopes cover, and the operations opened to backend clients whose handlers
 * judge the scopes themselves (Bulk Data export: mayBulkExport). Never a write, never POST /api.
 */

/** The interface a call came in by: POST /api (and its paths) or /fhir/R4. */
export type CallInterface = 'rpc' | 'fhir';

/** A FHIR read operation: `read<Type>` (read by id) or `search<Type>` of the fhir namespace, writing nothing. */
const FHIR_READ = /^(read|search)([A-Z][A-Za-z]{1,63})$/;

/** The resource type and interaction of a FHIR read operation, by its name; undefined for any other operation. */
export function fhirReadOf(op: Pick<Operation, 'namespace' | 'name' | 'writes'>): { resourceType: string; interaction: ReadInteraction } | undefined {
  if (op.namespace !== 'fhir' || op.writes !== false) return undefined;
  const match = FHIR_READ.exec(op.name);
  return match ? { resourceType: match[2]!, interaction: match[1] as ReadInteraction } : undefined;
}

/** `namespace.name` of each operation opened to backend clients (the registry copies operations: a name, not the object). */
const openToClients = new Set<string>();
const nameOf = (op: Pick<Operation, 'namespace' | 'name'>) => `${op.namespace}.${op.name}`;

/**
 * Lets backend clients call an operation of the FHIR API that is not a read<Type> / search<Type>
 * (a Bulk Data kick-off, its status): its handler judges their scopes (mayBulkExport). The
 * organization check still holds.
 */
export function openToBackendClients(op: Operation): Operation {
  openToClients.add(nameOf(op));
  return op;
}

/**
 * May this caller run a Bulk Data export of these resource types (undefined: of every type, a
 * system-level export)? A backend client whose system scopes cover reading and searching each
 * (`system/*.read` covers all). Any other caller: false (users are judged by their roles).
 */
export function mayBulkExport(caller: Caller, resourceTypes?: readonly string[]): boolean {
  if (caller.kind !== 'client') return false;
  return (resourceTypes ?? ['*']).every((type) => allows(caller.scopes, 'system', type, 'read') && allows(caller.scopes, 'system', type, 'search'));
}

/** The checks on a backend client that need no input (admitCaller's, for a client). */
export function admitClient(op: Operation, caller: ClientCaller, via: CallInterface): void {
  if (via !== 'fhir') throw new AppError('FORBIDDEN', 'a backend client\'s token is good for the FHIR API (/fhir/R4) only');
  if (op.audience.kind === 'public' || openToClients.has(nameOf(op))) return;
  const read = fhirReadOf(op);
  if (!read) throw new AppError('FORBIDDEN', 'a backend client may only read through the FHIR API');
  if (!allows(caller.scopes, 'system', read.resourceType, read.interaction)) {
    throw new AppError('FORBIDDEN', `the token's scopes do not allow ${read.interaction === 'read' ? 'reading' : 'searching'} ${read.resourceType} (system/${read.resourceType}.read would)`);
  }
}

/** The organization check for a backend client (admitCall's): its own organization only. */
export function admitClientIn(op: Operation, caller: ClientCaller, concerned: Concerned | null): { organizationId: string | null; membership: null; asOwner: false } {
  if (op.audience.kind === 'public') return { organizationId: concerned?.organizationId ?? null, membership: null, asOwner: false };
  if (!concerned) throw new AppError('FORBIDDEN', 'this operation needs the organization it concerns');
  if (concerned.organizationId !== caller.organizationId) {
    // A record of another organization is not found; an organization named outright is forbidden.
    if (!concerned.named) throw new AppError('NOT_FOUND', 'record not found');
    throw new AppError('FORBIDDEN', 'this client is registered for another organization');
  }
  return { organizationId: concerned.organizationId, membership: null, asOwner: false };
}
