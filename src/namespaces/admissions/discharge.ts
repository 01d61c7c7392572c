import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError } from '../../values/errors.ts';
import { id, reqStr, str } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { admissions } from './admissions.resource.ts';
import { assertStage, changeAdmission } from './admissions.change.ts';

/** Roles that may discharge with money still due (with a reason, logged). */
const OVERRIDERS = ['admin', 'accountant', 'platform_admin'];

/**
 * Discharges the patient (ADMITTED or DISCHARGE_REQUESTED to DISCHARGED; the bed is freed). The
 * balance must be settled (charges less the advance and payments); otherwise only an admin or
 * accountant may discharge, giving `override.reason`, which goes into the admission log with the
 * amount due and into the audit trail with the call.
 */
export const discharge = defineOperation({
  namespace: 'admissions',
  name: 'discharge', audience: member(),
  summary: 'Discharge the patient (the balance settled, or an override by an admin or accountant with a reason)',
  writes: true,
  input: z.object({
    id: id(),
    organizationId: id(),
    dischargingDoctorId: id().nullish(),
    dischargeReason: str().nullish(),
    dischargeSummary: str().nullish(),
    override: z.object({ reason: reqStr().max(1000) }).nullish(),
  }),
  output: itemResult(admissions.schemas.record),
  async handler(ctx, input) {
    const { id: admissionId, organizationId, override, ...fields } = input;
    await assertStage(ctx, organizationId, admissionId, 'discharge', ['ADMITTED', 'DISCHARGE_REQUESTED']);
    if (override && !OVERRIDERS.some((role) => ctx.membership?.roles.has(role))) {
      throw new AppError('FORBIDDEN', 'only an admin or an accountant may discharge with money due (override)');
    }
    return { item: await changeAdmission(ctx, organizationId, admissionId, { ...fields, status: 'DISCHARGED' }, { override: override ?? undefined }) };
  },
});
