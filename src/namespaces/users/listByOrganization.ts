import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { bool, date, id, str } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { userRecord } from './users.results.ts';
import { dayRange } from '../../time/zone.ts';
import { blankToUndefined, pagingShape, roleFilter, searchText, sortOf, userStatus } from './users.listing.ts';
import { DATE_FIELDS, pageUsers } from './users.repo.ts';

/** The record fields an administration table of users shows, in order (returned when includeTableFields is true). */
export const TABLE_FIELDS = [
  'displayName',
  'email',
  'role',
  'roles',
  'isActive',
  'isBlocked',
  'onboardingStatus',
  'isVerified',
  'lastLoginAt',
  'createdAt',
] as const;

const input = z
  .object({
    organizationId: id(),
    search: searchText().nullish(),
    role: roleFilter().nullish(),
    roles: z.array(roleFilter()).max(50).nullish(),
    status: z.array(userStatus()).max(10).nullish(),
    onboardingStatus: z.array(str().max(100)).max(50).nullish(),
    dateFilterType: z.enum(DATE_FIELDS, { error: `must be one of: ${DATE_FIELDS.join(', ')}` }).nullish(),
    dateFrom: date().nullish(),
    dateTo: date().nullish(),
    specificDate: date().nullish(),
    includeTableFields: bool().nullish(),
    ...pagingShape,
  })
  .superRefine((v, ctx) => {
    if (v.dateFrom && v.dateTo && v.dateFrom > v.dateTo) {
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'must not be before dateFrom' });
    }
  });

/**
 * Users of the organization, newest first. Filters combine with AND; inside one list (roles,
 * status, onboardingStatus) any entry matches, and `role` joins `roles`. Dates are whole days in
 * the service's time zone, both ends inclusive; specificDate is one such day (given together with
 * dateFrom/dateTo, both must hold).
 */
export const listByOrganization = defineOperation({
  namespace: 'users',
  name: 'listByOrganization', audience: member(),
  summary: 'Users of an organization, with filters',
  input,
  /** tableFields: only with includeTableFields */
  output: pageResult(userRecord).extend({ tableFields: z.array(z.enum(TABLE_FIELDS)).optional() }),
  async handler(ctx, input) {
    const field = input.dateFilterType ?? 'createdAt';
    const range = dayRange(input.dateFrom ?? undefined, input.dateTo ?? undefined, ctx.config.timeZone);
    const day = input.specificDate ? dayRange(input.specificDate, input.specificDate, ctx.config.timeZone) : {};
    const from = Math.max(range.from ?? -Infinity, day.from ?? -Infinity);
    const to = Math.min(range.to ?? Infinity, day.to ?? Infinity);
    const anyRole = [...(input.role ? [input.role] : []), ...(input.roles ?? [])];
    const page = await pageUsers(
      ctx.db,
      {
        organizationId: input.organizationId,
        search: blankToUndefined(input.search),
        anyRole,
        statuses: input.status ?? undefined,
        onboardingStatuses: input.onboardingStatus ?? undefined,
        dateRange: {
          field,
          ...(Number.isFinite(from) ? { from } : {}),
          ...(Number.isFinite(to) ? { to } : {}),
        },
      },
      sortOf(null, null),
      input.page,
      input.pageSize,
    );
    return input.includeTableFields ? { ...page, tableFields: [...TABLE_FIELDS] } : page;
  },
});
