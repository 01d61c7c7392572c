import { holdsRoleIn, type Caller } from '../../../caller/caller.ts';
import { allows, contextOf } from '../../../caller/smart-scopes.ts';
import { rolesGranted } from '../../../access/grants.ts';
import { AppError } from '../../../values/errors.ts';

const searchRoles = new Map<string, ReadonlySet<string>>();

/** The roles granted `fhir.search<Type>` (src/access/grants.ts), read once per type: who may search a type, included or exported. */
export function rolesSearching(resourceType: string): ReadonlySet<string> {
  let roles = searchRoles.get(resourceType);
  if (!roles) searchRoles.set(resourceType, (roles = new Set(rolesGranted({ namespace: 'fhir', name: `search${resourceType}`, writes: false }))));
  return roles;
}

/**
 * `_include` and `_revinclude` answer resources of other types: the caller must be one that may
 * search those (its roles in the organization, src/access/grants.ts; a backend client its scopes),
 * else the search is FORBIDDEN, as searching that type would be. Nothing reaches further by an include.
 */
export function assertMaySearch(caller: Caller, organizationId: string, resourceType: string, asked: string): void {
  if (caller.kind === 'client') {
    if (allows(caller.scopes, 'system', resourceType, 'search')) return;
    throw new AppError('FORBIDDEN', `${asked}: the token's scopes do not allow searching ${resourceType} (system/${resourceType}.read would)`);
  }
  // No token reaches a search (tokenRequired); platform admins hold every role (holdsRoleIn).
  if (caller.kind === 'anonymous') return;
  assertScopesInclude(caller, resourceType, asked);
  const roles = rolesSearching(resourceType);
  if (holdsRoleIn(caller, organizationId, roles)) return;
  throw new AppError('FORBIDDEN', `${asked}: searching ${resourceType} needs one of the roles ${[...roles].join(', ')}`);
}

/** A token narrowed to SMART scopes (token exchange) includes only what its scopes let it search, as a client's; also a patient/ token searching its patient's own records. */
export function assertScopesInclude(caller: Caller, resourceType: string, asked: string): void {
  if (caller.kind !== 'user' || !caller.smart) return;
  const context = contextOf(caller.smart);
  if (!allows(caller.smart.scopes, context, resourceType, 'search')) {
    throw new AppError('FORBIDDEN', `${asked}: the token's scopes do not allow searching ${resourceType} (${context}/${resourceType}.read would)`);
  }
}
