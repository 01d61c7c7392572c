import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { notFound, validationFailed } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { chargeRecord, findAdmission } from '../admissions/admissions.public.ts';
import { findLabOrder } from '../labOrders/labOrders.public.ts';
import { findService } from '../services/services.public.ts';
import { applyServiceCharge, chargeOf } from './admissionCharges.apply.ts';
import { chargeFields, organizationOfTeam, quantity } from './admissionCharges.context.ts';

/**
 * A lab charge: a service of category lab, for a lab order of the organization (NOT_FOUND
 * otherwise) that is the admission's patient's (VALIDATION_FAILED otherwise). The lab order is the
 * reference (referenceType `lab_order`): charged at most once per admission until voided (CONFLICT).
 * chargeType `lab`.
 */
export const applyLabCharge = defineOperation({
  namespace: 'admissionCharges',
  name: 'applyLabCharge',
  audience: member(),
  summary: 'Charge a lab order on an admission, at most once',
  writes: true,
  input: z.object({
    ...chargeFields(),
    serviceId: id(),
    labOrderId: id(),
    quantity: quantity(),
  }),
  output: itemResult(chargeRecord),
  organizationOf: organizationOfTeam,
  async handler(ctx, input) {
    const charge = await chargeOf(ctx, input);
    const { organizationId } = charge;
    const service = await findService(ctx.db, organizationId, input.serviceId);
    if (!service) throw notFound('service');
    if (service.category !== 'lab') throw validationFailed('serviceId', `must be a service of category lab, not ${service.category}`);
    const order = await findLabOrder(ctx.db, organizationId, input.labOrderId);
    if (!order) throw notFound('lab order');
    const admission = await findAdmission(ctx.db, organizationId, input.admissionId);
    if (admission && admission.patientId !== order.patientId) throw validationFailed('labOrderId', "must be a lab order of the admission's patient");
    const reference = { type: 'lab_order', id: input.labOrderId };
    return { item: await applyServiceCharge(ctx, { ...charge, service, chargeType: 'lab', quantity: input.quantity, reference }) };
  },
});
