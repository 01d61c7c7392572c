import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { bool, id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { directoryEntry } from './users.results.ts';
import { blankToUndefined, pagingShape, searchText, sortBy, sortOf, sortOrder, userStatus } from './users.listing.ts';
import { pageOf } from '../../values/paging.ts';
import { directoryPage, listableStatuses } from './users.directory.ts';
import { pageUsers } from './users.repo.ts';

const filter = z.object({
  status: userStatus().nullish(),
  verified: bool().nullish(),
  organizationId: id().nullish(),
  sortBy: sortBy().nullish(),
  sortOrder: sortOrder().nullish(),
});

/**
 * Users holding the role doctor: in one organization when organizationId is given (top level or
 * in `filter`; the top-level value wins for every field), otherwise across all organizations.
 * The public directory: whole records for members of the doctor's organization, else the public
 * profile of active doctors only (listableStatuses).
 */
export const getAllDoctors = defineOperation({
  namespace: 'users',
  name: 'getAllDoctors', audience: everyone,
  summary: 'Doctors across organizations, or of one organization',
  input: z.object({
    search: searchText().nullish(),
    status: userStatus().nullish(),
    verified: bool().nullish(),
    organizationId: id().nullish(),
    filter: filter.nullish(),
    sortBy: sortBy().nullish(),
    sortOrder: sortOrder().nullish(),
    ...pagingShape,
  }),
  output: pageResult(directoryEntry),
  async handler(ctx, input) {
    const f = input.filter ?? {};
    const organizationId = input.organizationId ?? f.organizationId ?? undefined;
    const statuses = listableStatuses(ctx, organizationId, input.status ?? f.status);
    if (statuses === null) return pageOf([], 0, input.page, input.pageSize);
    const page = await pageUsers(
      ctx.db,
      {
        ...(organizationId ? { organizationId } : {}),
        anyRole: ['doctor'],
        search: blankToUndefined(input.search),
        statuses,
        verified: input.verified ?? f.verified,
      },
      sortOf(input.sortBy ?? f.sortBy, input.sortOrder ?? f.sortOrder),
      input.page,
      input.pageSize,
    );
    return directoryPage(ctx.caller, page);
  },
});
