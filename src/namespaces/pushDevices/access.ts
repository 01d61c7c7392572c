import { AppError } from '../../rpc/errors.ts';
import type { Context } from '../../rpc/operation.ts';

/**
 * Who may change or remove a device: its owner, an admin of the organization named, a platform
 * admin, or (optional mode) a caller without a token. Reading the organization's devices needs
 * only the tenancy guard.
 */
export function assertMayManage(ctx: Context, organizationId: string, ownerIdpUserId: unknown): void {
  const caller = ctx.caller;
  if (caller.kind === 'anonymous' || caller.isPlatformAdmin || caller.idpUserId === ownerIdpUserId) return;
  if (caller.memberships.some((m) => !m.blocked && m.organizationId === organizationId && m.roles.has('admin'))) return;
  throw new AppError('FORBIDDEN', 'only the device\'s owner or an admin of the organization may change it');
}
