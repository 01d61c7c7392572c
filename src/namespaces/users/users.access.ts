import { isPlatformAdmin } from '../../auth/caller.ts';
import { AppError } from '../../rpc/errors.ts';
import type { Context } from '../../rpc/operation.ts';
import type { ApiRecord } from '../../rpc/resource.ts';

const PLATFORM_ADMIN = 'platform_admin';

/** A user record (or the part of it that matters here). */
type RoleState = Record<string, unknown>;

function holds(record: RoleState | undefined): boolean {
  if (!record) return false;
  return record.role === PLATFORM_ADMIN || (Array.isArray(record.roles) && record.roles.includes(PLATFORM_ADMIN));
}

/** platform_admin counts for a caller only on a record that is not blocked (src/auth/caller.ts). */
function effective(record: RoleState | undefined): boolean {
  return holds(record) && record?.isBlocked !== true;
}

/**
 * Only a platform admin may change who is a platform admin (CONTRACT.md section 7), in every
 * auth mode: giving a record the role (create, update, updateRoles, syncFromIdpAuth), and taking
 * its effect away or back (removing the role, blocking, unblocking or deleting such a record).
 * `before` is the record as stored (undefined when created), `after` as it will be (undefined when deleted).
 */
export function assertMayChangePlatformAdmin(ctx: Context, before: RoleState | undefined, after: RoleState | undefined): void {
  const grants = holds(after) && !holds(before);
  if ((grants || effective(before) !== effective(after)) && !isPlatformAdmin(ctx.caller)) {
    throw new AppError('FORBIDDEN', 'only a platform admin may grant or change the role platform_admin');
  }
}

/**
 * Platform-wide reads and platform-level records (no organizationId) are not one tenant's data:
 * a caller bound to an organization (CONTRACT.md section 6) needs platform_admin for them. An
 * anonymous caller (optional mode) and a token without user records are not bound.
 */
export function assertPlatformWide(ctx: Context, what: string): void {
  const caller = ctx.caller;
  if (caller.kind === 'anonymous' || caller.memberships.length === 0 || isPlatformAdmin(caller)) return;
  throw new AppError('FORBIDDEN', `${what} is platform-wide: a caller bound to an organization needs platform_admin`);
}

/** For a caller bound to organizations: may it see this record without naming its organization? */
export function mayReadUnnamed(ctx: Context, record: ApiRecord): boolean {
  const caller = ctx.caller;
  if (caller.kind === 'anonymous' || caller.memberships.length === 0 || isPlatformAdmin(caller)) return true;
  if (record.idpUserId === caller.idpUserId) return true;
  return caller.memberships.some((m) => !m.blocked && m.organizationId !== null && m.organizationId === record.organizationId);
}
