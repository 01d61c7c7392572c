import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { directoryEntry } from './users.results.ts';
import { pagingShape, sortOf } from './users.listing.ts';
import { directoryPage, listableStatuses } from './users.directory.ts';
import { pageUsers } from './users.repo.ts';

/** The public directory of one organization: whole records for its members, else the public profile of its active doctors. */
export const getDoctors = defineOperation({
  namespace: 'users',
  name: 'getDoctors', audience: everyone,
  summary: 'Doctors of an organization, newest first',
  input: z.object({ organizationId: id(), ...pagingShape }),
  output: pageResult(directoryEntry),
  async handler(ctx, input) {
    const statuses = listableStatuses(ctx, input.organizationId, undefined) ?? undefined;
    const page = await pageUsers(ctx.db, { organizationId: input.organizationId, anyRole: ['doctor'], statuses }, sortOf(null, null), input.page, input.pageSize);
    return directoryPage(ctx.caller, page);
  },
});
