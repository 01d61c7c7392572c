import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, paging } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { pushDevices } from './pushDevices.resource.ts';
import { present } from './pushDevices.access.ts';
import { pageInOrganization } from './pushDevices.repo.ts';

/**
 * The devices of the organization's members (people with a user record in it), newest first. Each
 * token is masked unless the caller is that device's owner or a platform admin.
 */
export const listByOrganization = defineOperation({
  namespace: 'pushDevices',
  name: 'listByOrganization', audience: member(),
  summary: 'List the devices of an organization\'s members',
  input: z.object({ organizationId: id(), ...paging }),
  output: pageResult(pushDevices.schemas.record),
  async handler(ctx, input) {
    const page = await pageInOrganization(ctx.db, input.organizationId, input.page, input.pageSize);
    return { ...page, items: page.items.map((device) => present(ctx, device)) };
  },
});
