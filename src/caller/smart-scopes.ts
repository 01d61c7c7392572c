
/**
 * SMART on FHIR scopes (https://hl7.org/fhir/smart-app-launch/scopes-and-launch-context.html):
 * `<context>/<resource type or *>.<permissions>`, permissions in the v1 form (`read`, `write`, `*`)
 * or the v2 one (letters of `cruds`, in that order). Only reading is served: `read`, or v2's `r`
 * (read by id) and `s` (search), alone or together (`rs`). docs/fhir.md, "Authorization".
 */
export type ScopeContext = 'system' | 'user' | 'patient';
export type ReadInteraction = 'read' | 'search';

export interface SmartScope {
  context: ScopeContext;
  /** a FHIR resource type, or `*` for every type */
  resourceType: string;
  interactions: ReadonlySet<ReadInteraction>;
}

/**
 * What a user's token narrowed to SMART scopes allows (a token exchange, docs/fhir.md, "Apps acting
 * for a person"): its scopes, all user/ or all patient/, and with patient/ scopes the patient record
 * it acts for.
 */
export interface SmartAccess {
  scopes: readonly SmartScope[];
  /** the patient record (patient/ scopes): the token reads that patient's own records only */
  patientId: string | null;
}

/** The context a user's narrowed token's scopes are read in: patient/ when it acts for a patient record, else user/. */
export const contextOf = (smart: SmartAccess): ScopeContext => (smart.patientId === null ? 'user' : 'patient');

/** A system read scope, the scopes a backend client is registered with. */
export const SYSTEM_READ_SCOPE = /^system\/(\*|[A-Z][A-Za-z]{1,63})\.(read|r|s|rs)$/;

const SCOPE = /^(system|user|patient)\/(\*|[A-Z][A-Za-z]{1,63})\.(read|r|s|rs)$/;
const PERMISSIONS: Record<string, readonly ReadInteraction[]> = { read: ['read', 'search'], r: ['read'], s: ['search'], rs: ['read', 'search'] };

/** The longest scope list a token request or a registration may carry. */
export const MAX_SCOPES = 50;

/** One scope, or undefined when it is not a read scope of this grammar (write scopes are not served). */
export function parseScope(text: string): SmartScope | undefined {
  const match = SCOPE.exec(text);
  if (!match) return undefined;
  return { context: match[1] as ScopeContext, resourceType: match[2]!, interactions: new Set(PERMISSIONS[match[3]!]) };
}

/** A space-separated list of scopes (OAuth's `scope`), each parsed; undefined when one is not a read scope. */
export function parseScopes(text: string): SmartScope[] | undefined {
  const parsed = scopeWords(text).map(parseScope);
  return parsed.every((scope) => scope !== undefined) ? parsed : undefined;
}

/** The words of a `scope` parameter, without duplicates. */
export function scopeWords(text: string): string[] {
  return [...new Set(text.split(' ').filter((word) => word !== ''))];
}

/** Does `granted` include everything `asked` does (same context, its type or `*`, its interactions)? */
export function covers(granted: SmartScope, asked: SmartScope): boolean {
  if (granted.context !== asked.context) return false;
  if (granted.resourceType !== '*' && granted.resourceType !== asked.resourceType) return false;
  return [...asked.interactions].every((interaction) => granted.interactions.has(interaction));
}

/** Do the scopes allow `interaction` on `resourceType` in `context`? */
export function allows(scopes: readonly SmartScope[], context: ScopeContext, resourceType: string, interaction: ReadInteraction): boolean {
  const asked: SmartScope = { context, resourceType, interactions: new Set([interaction]) };
  return scopes.some((scope) => covers(scope, asked));
}
