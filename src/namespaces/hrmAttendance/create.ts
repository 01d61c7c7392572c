import { member } from '../../operations/audience.ts';
import { newId } from '../../values/ids.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { attendanceRecord } from './hrmAttendance.results.ts';
import { attendanceOrganization } from './hrmAttendance.access.ts';
import { createInput } from './hrmAttendance.fields.ts';
import { insertAttendance } from './hrmAttendance.repo.ts';
import { minutesWorked } from './hrmAttendance.times.ts';

/**
 * One record per employee per day (unique index: a second one is CONFLICT). workedMinutes, when
 * not sent, is derived from the check-in and check-out times.
 */
export const create = defineOperation({
  namespace: 'hrmAttendance',
  name: 'create', audience: member(),
  summary: 'Record an employee\'s attendance for a day (roles platform_admin, hr)',
  tokenRequired: true,
  writes: true,
  input: createInput,
  output: itemResult(attendanceRecord),
  organizationOf: attendanceOrganization,
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    const firstCheckIn = input.firstCheckIn ?? null;
    const lastCheckOut = input.lastCheckOut ?? null;
    const derived = minutesWorked(input.attendanceDate, firstCheckIn, lastCheckOut, ctx.config.timeZone);
    const now = ctx.now();
    // The input's fields are the record's columns (createInput); one omitted is null.
    const item = await insertAttendance(ctx.db, { ...input, id: newId(), organizationId, workedMinutes: input.workedMinutes ?? derived, createdAt: now, updatedAt: now });
    return { item };
  },
});
