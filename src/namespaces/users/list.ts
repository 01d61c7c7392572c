import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { userRecord } from './users.results.ts';
import { blankToUndefined, pagingShape, searchText, sortBy, sortOf, sortOrder } from './users.listing.ts';
import { organizationsReadBy } from './users.access.ts';
import { pageUsers } from './users.repo.ts';

/** The user records of the caller's organizations; a platform admin's: every record (platform-level ones too). */
export const list = defineOperation({
  namespace: 'users',
  name: 'list', audience: member({ spansOrganizations: true }),
  summary: "User records of the caller's organizations (platform admins: all)",
  input: z.object({ search: searchText().nullish(), sortBy: sortBy().nullish(), sortOrder: sortOrder().nullish(), ...pagingShape }),
  output: pageResult(userRecord),
  async handler(ctx, input) {
    const organizationIds = organizationsReadBy(ctx.caller, list);
    return pageUsers(ctx.db, { search: blankToUndefined(input.search), organizationIds }, sortOf(input.sortBy, input.sortOrder), input.page, input.pageSize);
  },
});
