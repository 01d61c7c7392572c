import { actsFor } from '../../operations/consent.ts';
import { AppError } from '../../values/errors.ts';
import type { Context } from '../../operations/operation.ts';
import type { DeviceRecord } from './pushDevices.resource.ts';
import { maskToken } from './pushDevices.mask.ts';

/**
 * Moving a device to another owner (update) needs that person's consent: a caller with a token
 * moves it only to themself, a platform admin to anyone. A caller without a token (optional mode)
 * moves only an inactive device: moving an active one is a take-over of its pushes, as
 * re-registering its token is in create.
 */
export function assertMayMoveTo(ctx: Context, device: Pick<DeviceRecord, 'isActive'>, newOwner: string): void {
  const caller = ctx.caller;
  if (caller.kind === 'user' ? caller.isPlatformAdmin || caller.idpUserId === newOwner : device.isActive === false) return;
  throw new AppError('FORBIDDEN', 'a device moves only to the caller with a token (a platform admin: to anyone); an active one needs that token');
}

/**
 * A device belongs to its person (docs/contract.md, "Consent"): only they and platform admins
 * change or delete it, never an organization's staff, whatever their role (else an organization
 * could point the person's pushes at a device of its own). A call without a token (optional mode
 * only) keeps the interface's behaviour.
 */
export function assertOwnDevice(ctx: Context, device: Pick<DeviceRecord, 'idpUserId'>): void {
  if (actsFor(ctx.caller, device.idpUserId)) return;
  throw new AppError('FORBIDDEN', 'a device is changed only by its person (or a platform admin)');
}

/**
 * May the caller see this device's providerPushToken? Only its owner (a caller with a token whose
 * idpUserId is the device's) and platform admins: whoever knows a token can re-register it and so
 * take the device's pushes. Other members of the organization and callers without a token may not.
 */
export function mayReadToken(ctx: Context, ownerIdpUserId: string): boolean {
  const caller = ctx.caller;
  return caller.kind === 'user' && (caller.isPlatformAdmin || caller.idpUserId === ownerIdpUserId);
}

/** A device as answered to this caller: every field present, the token masked unless mayReadToken. */
export function present(ctx: Context, device: DeviceRecord): DeviceRecord {
  if (mayReadToken(ctx, device.idpUserId)) return device;
  return { ...device, providerPushToken: maskToken(device.providerPushToken) };
}
