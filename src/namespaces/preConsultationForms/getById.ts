import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { formResult } from './preConsultationForms.results.ts';
import { ownerOfForm } from './preConsultationForms.access.ts';
import { getForm } from './preConsultationForms.repo.ts';
import { itemReads } from '../../operations/reads.ts';
import { patientOfForm } from './preConsultationForms.reads.ts';

export const getById = defineOperation({
  namespace: 'preConsultationForms',
  name: 'getById', audience: self(ownerOfForm), readsPatientData: true, reads: itemReads(patientOfForm),
  summary: 'Get a pre-consultation form of the organization',
  input: z.object({ id: id(), organizationId: id() }),
  output: itemResult(formResult),
  async handler(ctx, input) {
    const item = await getForm(ctx.db, input.organizationId, input.id);
    return { item };
  },
});
