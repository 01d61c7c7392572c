import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { foodResult, servingNutritionResult } from './foods.results.ts';
import { getFood } from './foods.repo.ts';
import { servingNutrition } from './foods.servingNutrition.ts';

/**
 * One food by id, hidden (isActive false) or not. With `servingId` the answer also carries
 * `serving`: that serving of the food with its calories and nutrients (foods.servingNutrition.ts).
 */
export const get = defineOperation({
  namespace: 'foods',
  name: 'get', audience: everyone,
  summary: 'Get a catalogue food, optionally with the nutrients of one of its servings',
  input: z.object({ id: id(), servingId: id().nullish() }),
  output: z.object({ item: foodResult, serving: servingNutritionResult.optional() }),
  async handler(ctx, input) {
    const item = await getFood(ctx.db, input.id);
    if (!input.servingId) return { item };
    const servings = item.servings ?? [];
    const serving = servings.find((s) => s.id === input.servingId);
    if (!serving) throw new AppError('NOT_FOUND', 'this food has no serving with that id');
    return { item, serving: servingNutrition(item.nutritionPer100g, serving) };
  },
});
