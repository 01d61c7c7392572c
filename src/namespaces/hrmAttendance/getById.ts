import { defineOperation } from '../../rpc/operation.ts';
import { ATTENDANCE_ROLES, attendanceOrganization, organizationFor } from './access.ts';
import { keyInput } from './fields.ts';
import { getAttendance } from './hrmAttendance.repo.ts';

export const getById = defineOperation({
  namespace: 'hrmAttendance',
  name: 'getById',
  summary: 'One attendance record (roles platform_admin, hr)',
  roles: ATTENDANCE_ROLES,
  input: keyInput,
  organizationOf: attendanceOrganization,
  async handler(ctx, input) {
    return { item: await getAttendance(ctx.db, organizationFor(ctx.caller, input.organizationId), input.id) };
  },
});
