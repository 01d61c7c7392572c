import { member } from '../../access/audience.ts';
import { z } from 'zod';
import { defineOperation } from '../../rpc/operation.ts';
import { blankToUndefined, pagingShape, searchText, sortBy, sortOf, sortOrder } from './listing.ts';
import { assertPlatformWide } from './users.access.ts';
import { pageUsers } from './users.repo.ts';

/** Every user record of every organization (and the platform-level ones). */
export const list = defineOperation({
  namespace: 'users',
  name: 'list', audience: member(),
  summary: 'All user records, platform-wide',
  input: z.object({ search: searchText().nullish(), sortBy: sortBy().nullish(), sortOrder: sortOrder().nullish(), ...pagingShape }),
  async handler(ctx, input) {
    assertPlatformWide(ctx, 'users.list');
    return pageUsers(ctx.db, { search: blankToUndefined(input.search) }, sortOf(input.sortBy, input.sortOrder), input.page, input.pageSize);
  },
});
