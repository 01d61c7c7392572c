import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { validationFailed } from '../../values/errors.ts';
import { bool, id, idpUserId, ts } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { assertMayMoveTo, assertOwnDevice, present } from './pushDevices.access.ts';
import { deviceOwner } from './pushDevices.owner.ts';
import { getInOrganization, isMember, patchDevice } from './pushDevices.repo.ts';
import { providerPushToken } from './pushDevices.resource.ts';
import { pushDevices } from './pushDevices.resource.ts';

const text = (max: number) => z.string().max(max);

export const updateInput = z.object({
  id: id(),
  organizationId: id(),
  idpUserId: idpUserId().optional(),
  platform: z.string().trim().min(1, 'must not be empty').max(32).optional(),
  providerPushToken: providerPushToken().optional(),
  deviceId: text(256).nullish(),
  appVersion: text(64).nullish(),
  locale: text(64).nullish(),
  timezone: text(64).nullish(),
  isActive: bool().nullish(),
  invalidReason: text(1000).nullish(),
  lastSeenAt: ts().nullish(),
  // `ts?` in the interface: null createdAt leaves it as stored, null updatedAt means now.
  createdAt: ts().nullish(),
  updatedAt: ts().nullish(),
});

/**
 * Updates a device of a member of the organization: its owner or a platform admin only
 * (assertOwnDevice; the organization's admins read it, masked, but never change it). Moving it to another owner needs that person's
 * consent (assertMayMoveTo) and a user record of the new owner in the organization. A token taken by another device is CONFLICT.
 * The answer's token is masked unless the caller is the owner or a platform admin.
 */
export const update = defineOperation({
  ...pushDevices.declared.update,
  audience: self(deviceOwner),
  summary: 'Update one\'s own device (a platform admin: any device)',
  input: updateInput,
  async handler(ctx, input) {
    const current = await getInOrganization(ctx.db, input.organizationId, input.id);
    assertOwnDevice(ctx, current);
    if (input.idpUserId !== undefined && input.idpUserId !== current.idpUserId) {
      assertMayMoveTo(ctx, current, input.idpUserId);
      if (!(await isMember(ctx.db, input.organizationId, input.idpUserId))) {
        throw validationFailed('idpUserId', 'the new owner has no user record in this organization');
      }
    }
    const { changes } = await pushDevices.repo.merge(ctx, current, input);
    return { item: present(ctx, await patchDevice(ctx.db, input.id, changes)) };
  },
});
