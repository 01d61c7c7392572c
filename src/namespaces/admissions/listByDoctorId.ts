import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { organizationOfRecord } from '../../access/organization.ts';
import { id, paging } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { admissions } from './admissions.resource.ts';
import { pageAdmissions } from './admissions.repo.ts';
import { statusText } from './admissions.status.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';

/**
 * A page of the admissions whose admitting doctor is `doctorId` (a users record id), newest first,
 * optionally of one status. The call concerns the organization of the doctor's record: an unknown
 * doctor, or one of an organization the caller is not a member of, is NOT_FOUND.
 */
export const listByDoctorId = defineOperation({
  namespace: 'admissions',
  name: 'listByDoctorId',
  audience: member(),
  readsPatientData: true, reads: itemsReads(byPatientId),
  summary: 'A page of the admissions of an admitting doctor',
  input: z.object({ doctorId: id(), status: statusText().nullish(), ...paging }),
  output: pageResult(admissions.schemas.record),
  organizationOf: organizationOfRecord('users', 'doctorId', 'doctor'),
  async handler(ctx, input) {
    const filters = { organizationId: ctx.organizationId!, admittingDoctorId: input.doctorId, status: input.status };
    return pageAdmissions(ctx.db, filters, input.page, input.pageSize);
  },
});
