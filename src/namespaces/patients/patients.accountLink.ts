import type { Context } from '../../operations/operation.ts';
import { validationFailed } from '../../values/errors.ts';
import { assertMayLinkAccounts } from './patients.mayLinkAccounts.ts';
import { linkedOrAsked, linkFor } from './patients.linkRequests.ts';
import type { ResourceRecord } from '../../resources/resource.ts';

/** A patients record (patients.resource.ts's PatientRecord, named here: that file uses this one). */
type PatientRecord = ResourceRecord<'patients'>;

/**
 * A record's account link (idpUserId) changes only through patients.linkAccount and
 * unlinkAccount, which say what they do and are audited as such (docs/identity.md, "Patient
 * account links"). create may link the new record as linkAccount would (the roles that may call
 * it; another person's account is asked, pending its consent: patients.linkRequests.ts); update
 * keeps the link: the same value (the account linked or asked), or none, is fine, any other value
 * or null is VALIDATION_FAILED pointing to the operation that makes that change.
 */
export function withAccountLink(ctx: Context, next: PatientRecord, current?: PatientRecord): PatientRecord {
  if (current === undefined) {
    if (next.idpUserId === null) return next;
    assertMayLinkAccounts(ctx, next.organizationId);
    return { ...next, ...linkFor(ctx.caller, next.idpUserId, ctx.now()) };
  }
  // Omitted, or the value as answered (a request shows the account asked): the link stays as stored.
  if (next.idpUserId === current.idpUserId || (next.idpUserId !== null && next.idpUserId === current.linkPendingIdpUserId)) {
    return { ...next, idpUserId: current.idpUserId };
  }
  assertMayLinkAccounts(ctx, next.organizationId);
  if (next.idpUserId === null) throw validationFailed('idpUserId', 'a record is unlinked from its account only through patients.unlinkAccount');
  const first = linkedOrAsked(current) === null ? '' : ' (after patients.unlinkAccount, as the record is linked to another account)';
  throw validationFailed('idpUserId', `a record is linked to an account only through patients.linkAccount${first}`);
}
