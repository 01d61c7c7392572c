import type { Nutrition, Serving } from './foods.fields.ts';

const NUTRIENTS = ['protein', 'carbs', 'fat', 'fiber', 'sugar', 'sodium', 'cholesterol'] as const;

export type ServingNutrition = Serving & {
  calories: number | null;
} & Record<(typeof NUTRIENTS)[number], number | null>;

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * A serving with the nutrients of its weight: each nutritionPer100g value x weightInGrams /
 * nutritionBaseWeight (100 when not given). Calories are rounded to an integer, the other
 * nutrients to one decimal; a value is null when the food lacks it or the serving has no weight.
 */
export function servingNutrition(nutrition: Nutrition | null | undefined, serving: Serving): ServingNutrition {
  const weight = serving.weightInGrams;
  const base = nutrition?.nutritionBaseWeight ?? 100;
  const scaled = (value: number | null | undefined, round: (v: number) => number) =>
    value === null || value === undefined || weight === null || weight === undefined ? null : round((value * weight) / base);
  const result: Record<string, unknown> = { ...serving, calories: scaled(nutrition?.calories, Math.round) };
  for (const key of NUTRIENTS) result[key] = scaled(nutrition?.[key], round1);
  return result as ServingNutrition;
}
