import { mayBulkExport } from '../../../access/clients.ts';
import type { Context } from '../../../operations/operation.ts';
import { AppError } from '../../../values/errors.ts';
import type { ExportableTypeName } from './bulk.types.ts';

/**
 * Who runs a Bulk Data export, decided here and nowhere else (docs/fhir.md, "Bulk Data export"):
 * the dispatcher has admitted the caller to the organization with a role granted `fhir:export`
 * (src/access/grants.ts: admins, as for POST /export) or as a platform admin. Answers the key the
 * export is kept under: only that caller sees its status, downloads its files and cancels it.
 * A SMART backend client of the organization (docs/fhir.md, "Authorization") exports when its
 * scopes read and search every type asked (`system/*.read`, or `system/<Type>.read` for each),
 * keyed `client:<id>`.
 */
export function exporterOf(ctx: Context, types: readonly ExportableTypeName[]): string {
  if (ctx.caller.kind === 'user') return `user:${ctx.caller.idpUserId}`;
  if (ctx.caller.kind === 'client') {
    if (!mayBulkExport(ctx.caller, types)) throw new AppError('FORBIDDEN', `the token's scopes do not read every type exported (${types.join(', ')}): system/*.read would`);
    return `client:${ctx.caller.clientId}`;
  }
  throw new AppError('UNAUTHENTICATED', 'an access token is required');
}
