import { platform } from '../../operations/audience.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { foodResult } from './foods.results.ts';
import { foodName, mirrorImage, optionalFoodFields } from './foods.fields.ts';
import { buildFood, insertFoods } from './foods.repo.ts';

export const createInput = z.object({ name: foodName(), ...optionalFoodFields });

/** Adds a food to the platform catalogue, visible (isActive true). A foodCode already used is CONFLICT. */
export const create = defineOperation({
  namespace: 'foods',
  name: 'create', audience: platform,
  summary: 'Add a food to the platform catalogue',
  writes: true,
  input: createInput,
  output: itemResult(foodResult),
  async handler(ctx, input) {
    const [item] = await insertFoods(ctx.db, [buildFood(mirrorImage(input), ctx.now())]);
    return { item: item! };
  },
});
