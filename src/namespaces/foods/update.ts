import { platform } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { foodResult } from './foods.results.ts';
import { foodName, mirrorImage, optionalFoodFields } from './foods.fields.ts';
import { getFood, mergeFood, replaceFood } from './foods.repo.ts';

/**
 * Omitted fields are unchanged, null clears; name cannot be cleared. `isActive: false` hides the
 * food from list, search and analyze's matching (get still finds it); null or true shows it again.
 */
export const update = defineOperation({
  namespace: 'foods',
  name: 'update', audience: platform,
  summary: 'Update a catalogue food (isActive false hides it from list and search)',
  writes: true,
  input: z.object({ id: id(), name: foodName().optional(), ...optionalFoodFields, isActive: z.boolean().nullish() }),
  output: itemResult(foodResult),
  async handler(ctx, input) {
    const { id: foodId, ...changes } = input;
    const current = await getFood(ctx.db, foodId);
    return { item: await replaceFood(ctx.db, mergeFood(current, mirrorImage(changes), ctx.now())) };
  },
});
