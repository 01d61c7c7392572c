import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { notFound } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemsResult } from '../../values/results.ts';
import { findPatient } from '../patients/patients.public.ts';
import { idpTeamId, organizationOfTeam } from './admissionCharges.context.ts';
import { chargeRecord, toChargeRecord } from '../admissions/admissions.public.ts';
import { chargesOfPatient } from './admissionCharges.repo.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';

/** The patient's latest charges over all their admissions, newest first, voided ones included: `{ items }`. limit 1..500, default 100. */
export const getChargesForPatient = defineOperation({
  namespace: 'admissionCharges',
  name: 'getChargesForPatient',
  audience: member(),
  readsPatientData: true, reads: itemsReads(byPatientId),
  summary: "A patient's latest charges across admissions (limit 1..500)",
  input: z.object({ idpTeamId: idpTeamId(), patientId: id(), limit: z.int().min(1).max(500).nullish() }),
  output: itemsResult(chargeRecord),
  organizationOf: organizationOfTeam,
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    if (!(await findPatient(ctx.db, organizationId, input.patientId))) throw notFound('patient');
    return { items: (await chargesOfPatient(ctx.db, organizationId, input.patientId, input.limit ?? 100)).map(toChargeRecord) };
  },
});
