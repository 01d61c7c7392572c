import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { notFound } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { advanceHeld, billShape, billOf, chargesOfAdmission, findAdmission, netPaid, paymentsOf } from '../admissions/admissions.public.ts';
import { idpTeamId, organizationOfTeam } from './admissionCharges.context.ts';

/**
 * The admission's bill in figures: `totals` and `byChargeType` of the active charges, `voided`
 * apart (never in the totals), `advancePaid`, `paymentsReceived` (net of refunds) and `balanceDue`
 * (total - advance - payments; below zero when more was paid than charged). Computed in minor units, shown with two decimals.
 */
export const getChargesSummary = defineOperation({
  namespace: 'admissionCharges',
  name: 'getChargesSummary',
  audience: member(),
  readsPatientData: true,
  reads: { records: (result: { admissionId: string; patientId: string }) => [{ id: result.admissionId, organizationId: null, patientId: result.patientId }] },
  summary: "Totals of an admission's charges (voided apart), advance and balance due",
  input: z.object({ idpTeamId: idpTeamId(), admissionId: id() }),
  output: z.object({ admissionId: out.id(), patientId: out.id(), status: out.text(), ...billShape }),
  organizationOf: organizationOfTeam,
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    const admission = await findAdmission(ctx.db, organizationId, input.admissionId);
    if (!admission) throw notFound('admission');
    const [rows, payments, advance] = await Promise.all([
      chargesOfAdmission(ctx.db, organizationId, input.admissionId),
      paymentsOf(ctx.db, organizationId, input.admissionId),
      advanceHeld(ctx.db, organizationId, input.admissionId),
    ]);
    return { admissionId: admission.id, patientId: admission.patientId, status: admission.status, ...billOf(rows, advance, netPaid(payments)) };
  },
});
