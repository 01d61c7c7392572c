import { member } from '../../access/audience.ts';
import { z } from 'zod';
import { id, paging } from '../../rpc/fields.ts';
import { defineOperation, type Context } from '../../rpc/operation.ts';
import { reachable } from './actor.ts';
import { pageAdmissions } from './admissions.repo.ts';
import { statusText } from './admissions.status.ts';

async function organizationOfDoctor(ctx: Context, doctorId: string): Promise<string> {
  const user = await ctx.db.selectFrom('users').select('organizationId').where('id', '=', doctorId).executeTakeFirst();
  return reachable(ctx, user?.organizationId ?? undefined, 'doctor');
}

/**
 * A page of the admissions whose admitting doctor is `doctorId` (a users record id), newest first,
 * optionally of one status. The organization is the doctor's record's: an unknown doctor, or one of
 * an organization the caller is not bound to, is NOT_FOUND.
 */
export const listByDoctorId = defineOperation({
  namespace: 'admissions',
  name: 'listByDoctorId', audience: member(),
  summary: 'A page of the admissions of an admitting doctor',
  input: z.object({ doctorId: id(), status: statusText().nullish(), ...paging }),
  organizationOf: (input, ctx) => organizationOfDoctor(ctx, input.doctorId),
  async handler(ctx, input) {
    const organizationId = await organizationOfDoctor(ctx, input.doctorId);
    return pageAdmissions(ctx.db, { organizationId, admittingDoctorId: input.doctorId, status: input.status }, input.page, input.pageSize);
  },
});
