import { assertOwn } from '../../auth/ownership.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { register } from './pushDevices.repo.ts';
import { pushDevices } from './pushDevices.resource.ts';

/**
 * Registers a person's device. The same providerPushToken registered again updates that device
 * (owner, platform, lastSeenAt, appVersion, locale, timezone, deviceId, and isActive: active
 * again unless isActive false is sent, invalidReason cleared unless sent) instead of adding a
 * duplicate. lastSeenAt defaults to now. A caller with a token registers only their own devices.
 */
export const create = defineOperation({
  namespace: 'pushDevices',
  name: 'create',
  summary: 'Register a device for push notifications (the same token again updates it)',
  writes: true,
  input: pushDevices.schemas.create,
  async handler(ctx, input) {
    assertOwn(ctx.caller, input.idpUserId as string);
    const record = await pushDevices.repo.build(ctx, input);
    record.lastSeenAt = input.lastSeenAt ?? ctx.now();
    return { item: await register(ctx.db, record, input) };
  },
});
