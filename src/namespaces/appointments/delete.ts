import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deleteRow, getRow } from './appointments.repo.ts';
import { freedBy, offerFreedTime } from './appointments.waitlist.ts';
import { stageOf, UNDELETABLE } from './appointments.status.ts';
import { deletedResult, deletedAnswer } from '../../values/results.ts';

/**
 * Deletes the record (its time is free). Only before the patient came: a checked-in, started,
 * completed or no-show appointment is INVALID_STATE (it is the record of a visit, or of a missed one).
 * Cancelling keeps the record instead.
 */
export const remove = defineOperation({
  namespace: 'appointments',
  name: 'delete', audience: member(),
  summary: 'Delete an appointment of the organization (not once the patient came or missed it)',
  writes: true,
  input: z.object({ id: id(), organizationId: id() }),
  output: deletedResult,
  async handler(ctx, input) {
    const current = await getRow(ctx.db, input.organizationId, input.id);
    const stage = stageOf(current);
    if (UNDELETABLE.has(stage)) throw new AppError('INVALID_STATE', `a ${current.status} appointment (stage ${stage}) is kept on record and cannot be deleted`);
    await deleteRow(ctx.db, input.organizationId, input.id);
    await offerFreedTime(ctx, freedBy(current, null, ctx.now()));
    return deletedAnswer(input.id);
  },
});
