import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deletedResult, deletedAnswer } from '../../values/results.ts';
import { attendanceOrganization } from './hrmAttendance.access.ts';
import { keyInput } from './hrmAttendance.fields.ts';
import { removeAttendance } from './hrmAttendance.repo.ts';

export const remove = defineOperation({
  namespace: 'hrmAttendance',
  name: 'delete', audience: member(),
  summary: 'Delete an attendance record (roles platform_admin, hr)',
  tokenRequired: true,
  writes: true,
  input: keyInput,
  output: deletedResult,
  organizationOf: attendanceOrganization,
  async handler(ctx, input) {
    await removeAttendance(ctx.db, ctx.organizationId!, input.id);
    return deletedAnswer(input.id);
  },
});
