import { AppError } from '../../rpc/errors.ts';
import type { Context } from '../../rpc/operation.ts';
import type { ApiRecord } from '../../rpc/resource.ts';

/**
 * Who may change or remove a device: its owner, an admin of the organization named, a platform
 * admin, or (optional mode) a caller without a token. Reading the organization's devices needs
 * only the tenancy guard, but the token is shown in full only to its owner (see present()).
 */
export function assertMayManage(ctx: Context, organizationId: string, ownerIdpUserId: unknown): void {
  const caller = ctx.caller;
  if (caller.kind === 'anonymous' || caller.isPlatformAdmin || caller.idpUserId === ownerIdpUserId) return;
  if (caller.memberships.some((m) => !m.blocked && m.organizationId === organizationId && m.roles.has('admin'))) return;
  throw new AppError('FORBIDDEN', 'only the device\'s owner or an admin of the organization may change it');
}

/**
 * Moving an active device to another owner is a take-over of its pushes: like re-registering its
 * token (create), it needs a caller with a token (assertOwn has checked it is the new owner or a
 * platform admin). A caller without a token (optional mode) gets FORBIDDEN.
 */
export function assertMayMove(ctx: Context, device: ApiRecord): void {
  if (ctx.caller.kind === 'user' || device.isActive === false) return;
  throw new AppError('FORBIDDEN', 'another person\'s active device moves only for a caller with a token of the new owner');
}

/** The first character of every masked token; a token starting with it is refused as input. */
export const MASK = '\u2026';

/** Tokens this short are masked without their last characters (they would give away too much). */
const SHORTEST_WITH_TAIL = 9;

/**
 * The form of a token shown to anyone but its owner: "…" and its last 4 characters (enough to tell
 * one's devices apart), "…" alone for a token shorter than 9 characters, null for null. It can
 * never be registered: providerPushToken refuses a value starting with "…". Null-safe: no token
 * (or anything but a string) gives null, never a partial value.
 */
export function maskToken(token: unknown): string | null {
  if (typeof token !== 'string') return null;
  return token.length >= SHORTEST_WITH_TAIL ? MASK + token.slice(-4) : MASK;
}

/**
 * May the caller see this device's providerPushToken? Only its owner (a caller with a token whose
 * idpUserId is the device's) and platform admins: whoever knows a token can re-register it and so
 * take the device's pushes. Other members of the organization and callers without a token may not.
 */
export function mayReadToken(ctx: Context, ownerIdpUserId: unknown): boolean {
  const caller = ctx.caller;
  return caller.kind === 'user' && (caller.isPlatformAdmin || caller.idpUserId === ownerIdpUserId);
}

/** A device as answered to this caller: every field present, the token masked unless mayReadToken. */
export function present(ctx: Context, device: ApiRecord): ApiRecord {
  if (mayReadToken(ctx, device.idpUserId)) return device;
  return { ...device, providerPushToken: maskToken(device.providerPushToken) };
}
