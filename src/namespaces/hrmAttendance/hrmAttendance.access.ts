import { named, type OrganizationAnswer } from '../../operations/concerned.ts';
import { validationFailed } from '../../values/errors.ts';
import type { Context } from '../../operations/operation.ts';

/**
 * `organizationOf` of every hrmAttendance operation. `organizationId` is optional in the interface:
 * omitted (or null), it is the one organization where the caller holds `hr` (not blocked); with
 * none or several, and always for a platform admin, VALIDATION_FAILED 'organizationId is required'.
 * The dispatcher then admits only a token with role hr there (the role table) or platform_admin.
 */
export function attendanceOrganization(input: { organizationId?: string | null | undefined }, ctx: Context): OrganizationAnswer {
  if (input.organizationId) return named(input.organizationId);
  const caller = ctx.caller;
  if (caller.kind === 'user' && !caller.isPlatformAdmin) {
    const own = caller.memberships.filter((m) => !m.blocked && m.organizationId !== null && m.roles.has('hr'));
    if (own.length === 1) return named(own[0]!.organizationId!);
  }
  throw validationFailed('organizationId', 'organizationId is required');
}

