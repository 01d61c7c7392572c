import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { attendanceRecord } from './hrmAttendance.results.ts';
import { attendanceOrganization } from './hrmAttendance.access.ts';
import { updateInput } from './hrmAttendance.fields.ts';
import { getAttendance, patchAttendance, type AttendanceRecord } from './hrmAttendance.repo.ts';
import { minutesWorked } from './hrmAttendance.times.ts';
import { definedOnly } from '../../values/defined.ts';

/** What decides the derived workedMinutes. */
const TIMING = ['firstCheckIn', 'lastCheckOut', 'attendanceDate'] as const;

/**
 * Omitted fields stay, null clears. When a check time (or the date) changes and workedMinutes is
 * not sent, workedMinutes is derived again from the times.
 */
export const update = defineOperation({
  namespace: 'hrmAttendance',
  name: 'update', audience: member(),
  summary: 'Change an attendance record (roles platform_admin, hr)',
  tokenRequired: true,
  writes: true,
  input: updateInput,
  output: itemResult(attendanceRecord),
  organizationOf: attendanceOrganization,
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    const { id, organizationId: _named, ...fields } = input;
    // The input's fields are the record's columns (updateInput): the ones given change.
    const changes: Partial<AttendanceRecord> = definedOnly(fields);
    const current = await getAttendance(ctx.db, organizationId, id);
    const after = { ...current, ...changes };
    const derived = minutesWorked(after.attendanceDate, after.firstCheckIn, after.lastCheckOut, ctx.config.timeZone);
    if (input.workedMinutes === undefined && TIMING.some((name) => after[name] !== current[name])) {
      changes.workedMinutes = derived;
    }
    changes.updatedAt = ctx.now();
    return { item: await patchAttendance(ctx.db, organizationId, id, changes) };
  },
});
