import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { notFound } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemsResult } from '../../values/results.ts';
import { chargeRecord, toChargeRecord, findAdmission } from '../admissions/admissions.public.ts';
import { listChargesOfAdmission } from './admissionCharges.repo.ts';
import { idpTeamId, organizationOfTeam } from './admissionCharges.context.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';

/** Every charge of the admission in the order applied, voided ones included (voidedAt set): `{ items }`. */
export const getChargesForAdmission = defineOperation({
  namespace: 'admissionCharges',
  name: 'getChargesForAdmission',
  audience: member(),
  readsPatientData: true, reads: itemsReads(byPatientId),
  summary: 'All charges of an admission, voided ones included and marked',
  input: z.object({ idpTeamId: idpTeamId(), admissionId: id() }),
  output: itemsResult(chargeRecord),
  organizationOf: organizationOfTeam,
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    if (!(await findAdmission(ctx.db, organizationId, input.admissionId))) throw notFound('admission');
    return { items: (await listChargesOfAdmission(ctx.db, organizationId, input.admissionId)).map(toChargeRecord) };
  },
});
