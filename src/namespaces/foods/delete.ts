import { platform } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deletedResult, deletedAnswer } from '../../values/results.ts';
import { deleteFood } from './foods.repo.ts';

/** Removes the food for good (get is NOT_FOUND afterwards); to hide it instead, update isActive false. */
export const remove = defineOperation({
  namespace: 'foods',
  name: 'delete', audience: platform,
  summary: 'Delete a catalogue food',
  writes: true,
  input: z.object({ id: id() }),
  output: deletedResult,
  async handler(ctx, input) {
    await deleteFood(ctx.db, input.id);
    return deletedAnswer(input.id);
  },
});
