import { z } from 'zod';
import { id, paging } from '../../rpc/fields.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { pageInOrganization } from './pushDevices.repo.ts';

/** The devices of the organization's members (people with a user record in it), newest first. */
export const listByOrganization = defineOperation({
  namespace: 'pushDevices',
  name: 'listByOrganization',
  summary: 'List the devices of an organization\'s members',
  input: z.object({ organizationId: id(), ...paging }),
  async handler(ctx, input) {
    return pageInOrganization(ctx.db, input.organizationId, input.page, input.pageSize);
  },
});
