import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, str } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { admissions } from './admissions.resource.ts';
import { changeAdmission, assertStage } from './admissions.change.ts';

/** A REQUESTED admission is admitted (status ADMITTED), to the bed given (claimed at once: CONFLICT when not free). */
export const admit = defineOperation({
  namespace: 'admissions',
  name: 'admit', audience: member(),
  summary: 'Admit a requested admission to a bed (status ADMITTED; the bed becomes OCCUPIED)',
  writes: true,
  input: z.object({ id: id(), organizationId: id(), bedId: id().nullish(), wardId: id().nullish(), roomId: id().nullish(), admissionNotes: str().nullish() }),
  output: itemResult(admissions.schemas.record),
  async handler(ctx, input) {
    const { id: admissionId, organizationId, ...place } = input;
    await assertStage(ctx, organizationId, admissionId, 'admit', ['REQUESTED']);
    return { item: await changeAdmission(ctx, organizationId, admissionId, { ...place, status: 'ADMITTED' }) };
  },
});
