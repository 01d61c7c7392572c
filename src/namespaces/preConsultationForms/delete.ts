import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deletedResult, deletedAnswer } from '../../values/results.ts';
import { deleteForm, getForm } from './preConsultationForms.repo.ts';
import { changeSubmissions } from './preConsultationForms.submission.ts';

/** Deletes a form; deleting the last submitted form of an appointment clears its isPreConsultationCompleted. */
export const remove = defineOperation({
  namespace: 'preConsultationForms',
  name: 'delete', audience: member(),
  summary: 'Delete a pre-consultation form of the organization',
  writes: true,
  input: z.object({ id: id(), organizationId: id() }),
  output: deletedResult,
  async handler(ctx, input) {
    const form = await getForm(ctx.db, input.organizationId, input.id);
    const finish = await changeSubmissions(ctx, input.organizationId, form, undefined);
    await deleteForm(ctx.db, input.organizationId, input.id);
    await finish();
    return deletedAnswer(input.id);
  },
});
