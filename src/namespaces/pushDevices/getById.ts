import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { pushDevices } from './pushDevices.resource.ts';
import { present } from './pushDevices.access.ts';
import { deviceOwner } from './pushDevices.owner.ts';
import { getInOrganization } from './pushDevices.repo.ts';

export const keyInput = z.object({ id: id(), organizationId: id() });

/**
 * A device whose owner has a user record in the organization, for its owner and the organization's
 * admins; any other is NOT_FOUND. The token is masked unless the caller is the owner or a platform admin.
 */
export const getById = defineOperation({
  namespace: 'pushDevices',
  name: 'getById', audience: self(deviceOwner),
  summary: 'Get one\'s own device, or (admins) a device of a member of the organization',
  input: keyInput,
  output: itemResult(pushDevices.schemas.record),
  async handler(ctx, input) {
    const item = await getInOrganization(ctx.db, input.organizationId, input.id);
    return { item: present(ctx, item) };
  },
});
