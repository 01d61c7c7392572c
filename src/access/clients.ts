import type { Caller, ClientCaller } from '../caller/caller.ts';
import { allows, contextOf, type ReadInteraction, type ScopeContext, type SmartAccess, type SmartScope } from '../caller/smart-scopes.ts';
import type { Owner } from '../operations/audience.ts';
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
  admitScoped(op, { scopes: caller.scopes, context: 'system', who: 'a backend client\'s token' }, via);
}

/**
 * The checks on a user's token narrowed to SMART scopes (admitCaller's, before the user's own):
 * the FHIR API only, its public operations and the reads and searches its user/ or patient/
 * scopes cover. What passes is then judged as the user's call, by its roles (user/) or as the
 * patient's own account (patient/: narrowedCaller holds no membership; ownsInContext).
 */
export function admitSmart(op: Operation, smart: SmartAccess, via: CallInterface): void {
  const context = contextOf(smart);
  admitScoped(op, { scopes: smart.scopes, context, who: `a token of ${context}/ scopes` }, via, false);
}

interface Scoped {
  scopes: readonly SmartScope[];
  context: ScopeContext;
  /** who holds the token, as the refusals name it */
  who: string;
}

function admitScoped(op: Operation, token: Scoped, via: CallInterface, opened = true): void {
  if (via !== 'fhir') throw new AppError('FORBIDDEN', `${token.who} is good for the FHIR API (/fhir/R4) only`);
  if (op.audience.kind === 'public' || (opened && openToClients.has(nameOf(op)))) return;
  const read = fhirReadOf(op);
  if (!read) throw new AppError('FORBIDDEN', `${token.who} reaches only reads through the FHIR API`);
  if (!allows(token.scopes, token.context, read.resourceType, read.interaction)) {
    throw new AppError('FORBIDDEN', `the token's scopes do not allow ${read.interaction === 'read' ? 'reading' : 'searching'} ${read.resourceType} (${token.context}/${read.resourceType}.read would)`);
  }
}

/**
 * Is the owner of a `self` read the patient a patient/ token acts for? The account must own the
 * record (admitSelf checks it) and, with patient/ scopes, as that patient: an account linked to
 * several patient records reads with such a token the one patient's records only.
 */
export function ownsInContext(caller: Caller, owner: Owner): boolean {
  if (caller.kind !== 'user' || !caller.smart || caller.smart.patientId === null) return true;
  return owner.patientId !== undefined && owner.patientId === caller.smart.patientId;
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
