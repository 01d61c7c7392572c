import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, str } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { admissions } from './admissions.resource.ts';
import { assertStage, changeAdmission } from './admissions.change.ts';

/** The doctor asks for the patient's discharge (ADMITTED to DISCHARGE_REQUESTED); billing can then settle. */
export const requestDischarge = defineOperation({
  namespace: 'admissions',
  name: 'requestDischarge', audience: member(),
  summary: 'Request the discharge of an admitted patient (status DISCHARGE_REQUESTED)',
  writes: true,
  input: z.object({ id: id(), organizationId: id(), dischargingDoctorId: id().nullish(), dischargeReason: str().nullish() }),
  output: itemResult(admissions.schemas.record),
  async handler(ctx, input) {
    const { id: admissionId, organizationId, ...fields } = input;
    await assertStage(ctx, organizationId, admissionId, 'requestDischarge', ['ADMITTED']);
    return { item: await changeAdmission(ctx, organizationId, admissionId, { ...fields, status: 'DISCHARGE_REQUESTED' }) };
  },
});
