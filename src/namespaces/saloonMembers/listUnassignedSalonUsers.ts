import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, paging } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { users } from '../users/users.public.ts';
import { pageUnassigned } from './saloonMembers.repo.ts';

/**
 * The organization's users (table users) not yet assigned as salon members: no saloonMembers row
 * of the organization, in any status, carries their idpUserId. Users records, newest first, paged.
 */
export const listUnassignedSalonUsers = defineOperation({
  namespace: 'saloonMembers',
  name: 'listUnassignedSalonUsers', audience: member(),
  summary: 'Page through the organization\'s users who are not salon members yet',
  input: z.object({ organizationId: id(), ...paging }),
  output: pageResult(users.schemas.record),
  async handler(ctx, input) {
    return pageUnassigned(ctx.db, input.organizationId, input.page, input.pageSize);
  },
});
