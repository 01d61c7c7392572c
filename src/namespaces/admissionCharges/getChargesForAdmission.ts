import { member } from '../../access/audience.ts';
import { z } from 'zod';
import { notFound } from '../../rpc/errors.ts';
import { id } from '../../rpc/fields.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { findAdmission } from '../admissions/admissions.repo.ts';
import { idpTeamId, organizationOfTeam } from './charges.context.ts';
import { chargesOfAdmission, toRecord } from './charges.repo.ts';

/** Every charge of the admission in the order applied, voided ones included (voidedAt set): `{ items }`. */
export const getChargesForAdmission = defineOperation({
  namespace: 'admissionCharges',
  name: 'getChargesForAdmission', audience: member(),
  summary: 'All charges of an admission, voided ones included and marked',
  input: z.object({ idpTeamId: idpTeamId(), admissionId: id() }),
  organizationOf: (input, ctx) => organizationOfTeam(ctx, input.idpTeamId),
  async handler(ctx, input) {
    const organizationId = await organizationOfTeam(ctx, input.idpTeamId);
    if (!(await findAdmission(ctx.db, organizationId, input.admissionId))) throw notFound('admission');
    return { items: (await chargesOfAdmission(ctx.db, organizationId, input.admissionId)).map(toRecord) };
  },
});
