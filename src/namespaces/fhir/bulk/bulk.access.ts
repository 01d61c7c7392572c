import type { Context } from '../../../operations/operation.ts';
import { AppError } from '../../../values/errors.ts';
import type { ExportableTypeName } from './bulk.types.ts';

/**
 * Who runs a Bulk Data export, decided here and nowhere else (docs/fhir.md, "Bulk Data export"):
 * the dispatcher has admitted the caller to the organization with a role granted `fhir:export`
 * (src/access/grants.ts: admins, as for POST /export) or as a platform admin. Answers the key the
 * export is kept under: only that caller sees its status, downloads its files and cancels it.
 * SMART backend clients (`system/*.read`, or `system/<Type>.read` for each type asked) are to be
 * admitted here too, keyed `client:<id>`.
 */
export function exporterOf(ctx: Context, _types: readonly ExportableTypeName[]): string {
  if (ctx.caller.kind === 'user') return `user:${ctx.caller.idpUserId}`;
  throw new AppError('UNAUTHENTICATED', 'an access token is required');
}
