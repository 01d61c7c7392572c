import { rolesGranted } from '../../access/grants.ts';
import { holdsRoleIn } from '../../caller/caller.ts';
import { AppError } from '../../values/errors.ts';
import type { Context } from '../../operations/operation.ts';

const LINKING_ROLES = new Set(rolesGranted({ namespace: 'patients', name: 'linkAccount', writes: true }));

/**
 * A linked account reaches the record's data, so only the roles that may call patients.linkAccount
 * set or change a record's idpUserId through create and update (a doctor may edit the rest).
 * Requests without a token in the interface's optional mode keep the interface's behaviour.
 */
export function assertMayLinkAccounts(ctx: Context, organizationId: string): void {
  if (ctx.caller.kind === 'anonymous' || holdsRoleIn(ctx.caller, organizationId, LINKING_ROLES)) return;
  throw new AppError('FORBIDDEN', `linking a patient record to an account needs one of the roles ${[...LINKING_ROLES].join(', ')}`);
}
