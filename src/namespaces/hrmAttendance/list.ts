import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { date, id, page } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { attendancePage } from './hrmAttendance.results.ts';
import { attendanceOrganization } from './hrmAttendance.access.ts';
import { organizationId, status } from './hrmAttendance.fields.ts';
import { pageAttendance, SORT_KEYS } from './hrmAttendance.repo.ts';

/** null is taken as "no filter", like an omitted field. */
const filter = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

/**
 * The interface's list shape exactly: `{ items, total, page, limit, totalPages }`. employeeCode and
 * the department fields are not stored anywhere: they are null, and a departmentId filter matches
 * nothing.
 */
export const list = defineOperation({
  namespace: 'hrmAttendance',
  name: 'list', audience: member(),
  summary: 'Page through attendance with filters, search and sorting (roles platform_admin, hr)',
  tokenRequired: true,
  input: z.object({
    organizationId: organizationId(),
    date: filter(date()),
    status: filter(status()),
    employeeId: filter(id()),
    departmentId: filter(id()),
    shiftId: filter(id()),
    /** Contains, case-insensitive: the employee's name or employeeId. Blank = no search. */
    search: filter(z.string().trim().max(200)).transform((v) => v || undefined),
    page: page(),
    limit: z.int().min(1).max(100).default(20),
    sortBy: z.enum(SORT_KEYS).default('attendanceDate'),
    sortOrder: z.enum(['asc', 'desc']).default('desc'),
  }),
  output: attendancePage,
  organizationOf: attendanceOrganization,
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    const { page: pageNo, limit } = input;
    const { items, total } =
      input.departmentId !== undefined
        ? { items: [], total: 0 }
        : await pageAttendance(ctx.db, organizationId, input, { by: input.sortBy, order: input.sortOrder }, pageNo, limit);
    return { items, total, page: pageNo, limit, totalPages: Math.ceil(total / limit) };
  },
});
