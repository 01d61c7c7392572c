import type { Caller } from '../../auth/caller.ts';
import { AppError, validationFailed } from '../../rpc/errors.ts';
import type { Context } from '../../rpc/operation.ts';

/** hrmAttendance is private: a token is needed and one of these roles (interface, Authentication). */
export const ATTENDANCE_ROLES = ['platform_admin', 'hr'] as const;

/**
 * The organization an hrmAttendance call acts on. `organizationId` is optional in the interface:
 * - named: a platform admin may name any; anyone else needs role `hr` in that organization itself
 *   (an hr of organization A who is only staff in B gets FORBIDDEN for B);
 * - omitted (or null): the one organization where the caller holds `hr` (not blocked); with none or several,
 *   and always for a platform admin, VALIDATION_FAILED 'organizationId is required'.
 * Used both as the operation's `organizationOf` (so the dispatcher's tenancy guard sees the
 * resolved organization) and by the handler.
 */
export function organizationFor(caller: Caller, named: string | null | undefined): string {
  if (caller.kind !== 'user') throw new AppError('UNAUTHENTICATED', 'an access token is required');
  if (named !== undefined && named !== null) {
    if (caller.isPlatformAdmin) return named;
    const membership = caller.memberships.find((m) => m.organizationId === named);
    if (!membership) throw new AppError('FORBIDDEN', 'this organization is not yours');
    if (membership.blocked) throw new AppError('FORBIDDEN', 'this user is blocked in this organization');
    if (!membership.roles.has('hr')) throw new AppError('FORBIDDEN', 'needs role hr in this organization');
    return named;
  }
  if (!caller.isPlatformAdmin) {
    const own = caller.memberships.filter((m) => !m.blocked && m.organizationId !== null && m.roles.has('hr'));
    if (own.length === 1) return own[0]!.organizationId!;
  }
  throw validationFailed('organizationId', 'organizationId is required');
}

/** `organizationOf` for every hrmAttendance operation. */
export const attendanceOrganization = (input: { organizationId?: string | null | undefined }, ctx: Context) =>
  organizationFor(ctx.caller, input.organizationId);
