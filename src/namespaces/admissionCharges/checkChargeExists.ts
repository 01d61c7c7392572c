import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { notFound } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { chargeRecord, findAdmission, toChargeRecord } from '../admissions/admissions.public.ts';
import { idpTeamId, label, organizationOfTeam } from './admissionCharges.context.ts';
import { activeChargeFor } from './admissionCharges.repo.ts';
import { byPatientId, readRecord } from '../../operations/reads.ts';

/** Whether the reference is charged on the admission: `{ exists, item }`, item the charge (not voided) or null. */
export const checkChargeExists = defineOperation({
  namespace: 'admissionCharges',
  name: 'checkChargeExists',
  audience: member(),
  readsPatientData: true,
  reads: { records: (result: { item: { id: string; patientId: string } | null }) => (result.item ? [readRecord(result.item, byPatientId)] : []) },
  summary: 'Tell whether a reference (e.g. a lab order) is already charged on an admission',
  input: z.object({ idpTeamId: idpTeamId(), admissionId: id(), referenceType: label(), referenceId: id() }),
  output: z.object({ exists: out.bool(), item: chargeRecord.nullable() }),
  organizationOf: organizationOfTeam,
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    if (!(await findAdmission(ctx.db, organizationId, input.admissionId))) throw notFound('admission');
    const row = await activeChargeFor(ctx.db, organizationId, input.admissionId, input.referenceType, input.referenceId);
    return { exists: !!row, item: row ? toChargeRecord(row) : null };
  },
});
