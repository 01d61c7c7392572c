import { z } from 'zod';
import { reqStr, str } from '../../values/fields.ts';

/** Daily goal until the person sets one (kcal). */
export const DEFAULT_DAILY_GOAL = 2000;
/** Upper bound of any one nutrient figure or goal (kcal or g): keeps sums finite and meaningful. */
export const MAX_NUTRIENT = 100_000;
/** Entries one addFoodsFromAI call may add. */
export const MAX_FOODS_PER_CALL = 100;

const nutrient = () => z.number().min(0).max(MAX_NUTRIENT);

/** One food entry as the interface gives it; protein, carbs, fat and fiber are optional and nullable. */
export const foodEntryShape = {
  name: reqStr().max(500),
  calories: nutrient(),
  protein: nutrient().nullish(),
  carbs: nutrient().nullish(),
  fat: nutrient().nullish(),
  fiber: nutrient().nullish(),
  quantity: str().max(200).nullish(),
};

export const foodEntry = () => z.object(foodEntryShape);
export type FoodEntryInput = z.output<ReturnType<typeof foodEntry>>;

export const dailyGoal = () => z.number().gt(0).max(MAX_NUTRIENT);
