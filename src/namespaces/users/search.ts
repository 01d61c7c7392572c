import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { userRecord } from './users.results.ts';
import { pagingShape, roleFilter, searchText, sortOf } from './users.listing.ts';
import { pageUsers, searchUsers } from './users.repo.ts';

/**
 * Users of the organization of whom every word of `query` starts a word of the display name or the
 * email (as people type: "pri sha" finds "Priya Sharma"; any letter case, accents ignored; words
 * are runs of letters and digits, so "priya.sharma@x.org" has the words priya, sharma, x, org),
 * optionally holding `role`. Ranked: first those whose display name starts with the query (its
 * words, in order, start the name's first words), then those whose display name holds every word,
 * then the rest (a word found only in the email); newest first within a rank. A blank query lists
 * every user, newest first; a query without letters or digits finds none.
 */
export const search = defineOperation({
  namespace: 'users',
  name: 'search', audience: member(),
  summary: 'Search the users of an organization by name or email',
  input: z.object({ organizationId: id(), query: searchText().nullish(), role: roleFilter().nullish(), ...pagingShape }),
  output: pageResult(userRecord),
  async handler(ctx, input) {
    const role = input.role ?? undefined;
    const query = input.query?.trim();
    if (query) return searchUsers(ctx.db, input.organizationId, query, role, input.page, input.pageSize);
    return pageUsers(
      ctx.db,
      { organizationId: input.organizationId, anyRole: role ? [role] : undefined },
      sortOf(null, null),
      input.page,
      input.pageSize,
    );
  },
});
