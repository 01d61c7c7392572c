import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { date } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { attendanceSummary } from './hrmAttendance.results.ts';
import { attendanceOrganization } from './hrmAttendance.access.ts';
import { organizationId } from './hrmAttendance.fields.ts';
import { countByStatus } from './hrmAttendance.repo.ts';
import { dateIn } from '../../time/zone.ts';

/**
 * Counts of one day's records by status: `{ date, total, byStatus }`. byStatus has one key per
 * status seen that day (the status values are free text, so no fixed list is zero-filled).
 * The date defaults to today in the service's time zone.
 */
export const getSummary = defineOperation({
  namespace: 'hrmAttendance',
  name: 'getSummary', audience: member(),
  summary: 'Attendance counts by status for a day (roles platform_admin, hr)',
  tokenRequired: true,
  input: z.object({ organizationId: organizationId(), date: date().nullish() }),
  output: attendanceSummary,
  organizationOf: attendanceOrganization,
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    const day = input.date ?? dateIn(ctx.config.timeZone, ctx.now());
    const counts = await countByStatus(ctx.db, organizationId, day);
    const byStatus: Record<string, number> = {};
    for (const { status, n } of counts) byStatus[status] = n;
    return { date: day, total: counts.reduce((sum, c) => sum + c.n, 0), byStatus };
  },
});
