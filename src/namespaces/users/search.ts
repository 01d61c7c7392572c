import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { userRecord } from './users.results.ts';
import { blankToUndefined, pagingShape, roleFilter, searchText, sortOf } from './users.listing.ts';
import { pageUsers } from './users.repo.ts';

/** Users of the organization whose displayName or email contains `query` (any letter case), optionally holding `role`. */
export const search = defineOperation({
  namespace: 'users',
  name: 'search', audience: member(),
  summary: 'Search the users of an organization by name or email',
  input: z.object({ organizationId: id(), query: searchText().nullish(), role: roleFilter().nullish(), ...pagingShape }),
  output: pageResult(userRecord),
  async handler(ctx, input) {
    return pageUsers(
      ctx.db,
      { organizationId: input.organizationId, search: blankToUndefined(input.query), anyRole: input.role ? [input.role] : undefined },
      sortOf(null, null),
      input.page,
      input.pageSize,
    );
  },
});
