import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { AppError } from '../../values/errors.ts';
import { defineOperation } from '../../operations/operation.ts';
import { present } from './pushDevices.access.ts';
import { register } from './pushDevices.repo.ts';
import { pushDevices } from './pushDevices.resource.ts';

/**
 * Registers a person's device. The same providerPushToken registered again updates that device
 * (owner, platform, lastSeenAt, appVersion, locale, timezone, deviceId, and isActive: active
 * again unless isActive false is sent, invalidReason cleared unless sent) instead of adding a
 * duplicate. lastSeenAt defaults to now. A caller with a token registers only their own devices.
 *
 * Moving another person's active device to a new owner (the phone changed hands) needs a caller
 * with a token: the new owner themself (who proves who they are; only the app on that phone knows
 * the token) or a platform admin. A caller without a token (optional mode) may refresh a device of
 * the same owner or take over an inactive one, and gets FORBIDDEN for another person's active
 * device, which is left unchanged.
 */
export const create = defineOperation({
  ...pushDevices.declared.create,
  audience: self(ownerByIdentity<{ idpUserId?: string | null }>('idpUserId')),
  summary: 'Register a device for push notifications (the same token again updates it)',
  async handler(ctx, input) {
    const record = await pushDevices.repo.build(ctx, input);
    record.lastSeenAt = input.lastSeenAt ?? ctx.now();
    const item = await register(ctx.db, record, input, ctx.caller.kind === 'user');
    if (!item) throw new AppError('FORBIDDEN', 'this token belongs to another person\'s active device: register it with a token of the new owner');
    return { item: present(ctx, item) };
  },
});
