import type { Context } from '../../operations/operation.ts';
import { validationFailed } from '../../values/errors.ts';
import { assertMayLinkAccounts } from './patients.mayLinkAccounts.ts';

/**
 * A record's account link (idpUserId) changes only through patients.linkAccount and
 * unlinkAccount, which say what they do and are audited as such (docs/identity.md, "Patient
 * account links"). create may link the new record as linkAccount would (the roles that may call
 * it); update keeps the link: the same value, or none, is fine, any other value or null is
 * VALIDATION_FAILED pointing to the operation that makes that change.
 */
export function checkAccountLink(ctx: Context, next: { organizationId: string; idpUserId: string | null }, current?: { idpUserId: string | null }): void {
  const linked = current?.idpUserId ?? null;
  if ((next.idpUserId ?? null) === linked) return;
  assertMayLinkAccounts(ctx, next.organizationId);
  if (current === undefined) return;
  if (next.idpUserId === null) throw validationFailed('idpUserId', 'a record is unlinked from its account only through patients.unlinkAccount');
  const first = linked === null ? '' : ' (after patients.unlinkAccount, as the record is linked to another account)';
  throw validationFailed('idpUserId', `a record is linked to an account only through patients.linkAccount${first}`);
}
