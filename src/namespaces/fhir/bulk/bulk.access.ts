import { mayBulkExport } from '../../../access/clients.ts';
import { holdsRoleIn } from '../../../caller/caller.ts';
import type { Context } from '../../../operations/operation.ts';
import { AppError } from '../../../values/errors.ts';
import { rolesSearching } from '../search/included-access.ts';

/**
 * Who runs a Bulk Data export, decided here and nowhere else (docs/fhir.md, "Bulk Data export"):
 * the dispatcher has admitted the caller to the organization with a role granted `fhir:export`
 * (src/access/grants.ts: admins, as for POST /export) or as a platform admin. Answers the key the
 * export is kept under: only that caller sees its status, downloads its files and cancels it.
 * A SMART backend client of the organization (docs/fhir.md, "Authorization") exports when its
 * scopes read and search every type asked (`system/*.read`, or `system/<Type>.read` for each),
 * keyed `client:<id>`.
 */
export function exporterOf(ctx: Context, types: readonly string[]): string {
  if (ctx.caller.kind === 'user') return `user:${ctx.caller.idpUserId}`;
  if (ctx.caller.kind === 'client') {
    if (!mayBulkExport(ctx.caller, types)) throw new AppError('FORBIDDEN', `the token's scopes do not read every type exported (${types.join(', ')}): system/*.read would`);
    return `client:${ctx.caller.clientId}`;
  }
  throw new AppError('UNAUTHENTICATED', 'an access token is required');
}

/**
 * May the user exporting search this type through the API (its roles in the organization granted
 * `fhir.search<Type>`: AuditEvent is admins' only)? A type it may not is left out of an export
 * that names no `_type`, and refused (403) when named. A backend client's scopes are judged by
 * exporterOf: every type exported, named or not.
 */
export function mayExport(ctx: Context, organizationId: string, type: string): boolean {
  if (ctx.caller.kind !== 'user') return true;
  return holdsRoleIn(ctx.caller, organizationId, rolesSearching(type));
}
