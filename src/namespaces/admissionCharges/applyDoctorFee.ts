import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { notFound } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { chargeRecord } from '../admissions/admissions.public.ts';
import { applyServiceCharge, chargeOf } from './admissionCharges.apply.ts';
import { chargeFields, organizationOfTeam } from './admissionCharges.context.ts';
import { consultationServiceOf } from './admissionCharges.repo.ts';

/**
 * The doctor's fee at the price of the doctor's consultation service: an active service of category
 * consultation whose doctorId is the doctor (a users record id), the newest when there are several;
 * none is NOT_FOUND. Quantity 1, chargeType `doctor_fee`. With a consultationId the consultation is
 * the reference (referenceType `consultation`): charged at most once; without one, each call charges.
 */
export const applyDoctorFee = defineOperation({
  namespace: 'admissionCharges',
  name: 'applyDoctorFee',
  audience: member(),
  summary: "Charge a doctor's consultation fee on an admission",
  writes: true,
  input: z.object({
    ...chargeFields(),
    doctorId: id(),
    consultationId: id().nullish(),
  }),
  output: itemResult(chargeRecord),
  organizationOf: organizationOfTeam,
  async handler(ctx, input) {
    const charge = await chargeOf(ctx, input);
    const service = await consultationServiceOf(ctx.db, charge.organizationId, input.doctorId);
    if (!service) throw notFound('consultation service of this doctor');
    const reference = input.consultationId ? { type: 'consultation', id: input.consultationId } : undefined;
    return { item: await applyServiceCharge(ctx, { ...charge, service, chargeType: 'doctor_fee', quantity: 1, reference, doctorId: input.doctorId }) };
  },
});
