import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { notFound } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { chargeRecord } from '../admissions/admissions.public.ts';
import { findService } from '../services/services.public.ts';
import { applyServiceCharge, chargeOf } from './admissionCharges.apply.ts';
import { chargeFields, label, organizationOfTeam, quantity } from './admissionCharges.context.ts';

/**
 * A charge for any service of the catalogue. referenceType and referenceId come together (or not
 * at all); a reference is charged at most once per admission (CONFLICT), until that charge is voided.
 */
export const applyCharge = defineOperation({
  namespace: 'admissionCharges',
  name: 'applyCharge',
  audience: member(),
  summary: 'Charge a service of the catalogue on an admission (unit price x quantity plus tax)',
  writes: true,
  input: z
    .object({
      ...chargeFields(),
      serviceId: id(),
      chargeType: label(),
      quantity: quantity(),
      referenceType: label().nullish(),
      referenceId: id().nullish(),
    })
    .refine((i) => !i.referenceType === !i.referenceId, { path: ['referenceId'], message: 'referenceType and referenceId come together' }),
  output: itemResult(chargeRecord),
  organizationOf: organizationOfTeam,
  async handler(ctx, input) {
    const charge = await chargeOf(ctx, input);
    const service = await findService(ctx.db, charge.organizationId, input.serviceId);
    if (!service) throw notFound('service');
    const reference = input.referenceType && input.referenceId ? { type: input.referenceType, id: input.referenceId } : undefined;
    return { item: await applyServiceCharge(ctx, { ...charge, service, chargeType: input.chargeType, quantity: input.quantity, reference }) };
  },
});
