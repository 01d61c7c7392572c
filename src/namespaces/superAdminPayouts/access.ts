import { AppError } from '../../rpc/errors.ts';
import type { Context, Operation } from '../../rpc/operation.ts';

/**
 * Who may read an organization's payouts and balance (getById, listByOrganization,
 * getOrganizationSummary; they declare access 'authenticated', so the dispatcher answers 401 without
 * a token): the organization's own staff (a user record there that is not blocked) or a platform
 * admin. The dispatcher's tenancy guard already refuses members of other organizations; this also
 * refuses a token bound to no organization (a patient's own account). An anonymous caller is refused
 * here too, should an operation using this check ever lose its access setting.
 */
export function assertStaffOf(ctx: Context, organizationId: string): void {
  const caller = ctx.caller;
  if (caller.kind === 'anonymous') throw new AppError('UNAUTHENTICATED', 'an access token is required');
  if (caller.isPlatformAdmin) return;
  if (!caller.memberships.some((m) => !m.blocked && m.organizationId === organizationId)) {
    throw new AppError('FORBIDDEN', 'an organization\'s payouts are for its own staff and platform admins');
  }
}

/** list spans every organization: with a token it needs platform_admin; without one, optional mode holds. */
export function assertAdminWhenToken(ctx: Context): void {
  if (ctx.caller.kind === 'user' && !ctx.caller.isPlatformAdmin) {
    throw new AppError('FORBIDDEN', 'the payouts of all organizations are for platform admins');
  }
}

/** The users record id of the caller acting on the organization: their record there, else their platform-level one. */
export function callerUserId(ctx: Context, organizationId: string): string | null {
  const caller = ctx.caller;
  if (caller.kind === 'anonymous') return null;
  const own = caller.memberships.find((m) => !m.blocked && m.organizationId === organizationId);
  const platform = caller.memberships.find((m) => !m.blocked && m.organizationId === null);
  return (own ?? platform)?.userId ?? null;
}

/** A generated operation with a check run before its handler (inside its transaction when it writes). */
export function guarded(op: Operation, check: (ctx: Context, input: { organizationId: string }) => void | Promise<void>, changes: Partial<Operation> = {}): Operation {
  return {
    ...op,
    ...changes,
    async handler(ctx, input) {
      await check(ctx, input as { organizationId: string });
      return op.handler(ctx, input);
    },
  };
}
