import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { attendanceRecord } from './hrmAttendance.results.ts';
import { attendanceOrganization } from './hrmAttendance.access.ts';
import { keyInput } from './hrmAttendance.fields.ts';
import { getAttendance } from './hrmAttendance.repo.ts';

export const getById = defineOperation({
  namespace: 'hrmAttendance',
  name: 'getById', audience: member(),
  summary: 'One attendance record (roles platform_admin, hr)',
  tokenRequired: true,
  input: keyInput,
  output: itemResult(attendanceRecord),
  organizationOf: attendanceOrganization,
  async handler(ctx, input) {
    return { item: await getAttendance(ctx.db, ctx.organizationId!, input.id) };
  },
});
