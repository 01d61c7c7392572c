import { z } from 'zod';
import { out } from '../../values/results.ts';
import { nutrientGrams, writeTimes } from '../../values/result-fields.ts';

/** The nutrients of a food or serving as answered: each a value, or null without one. */
const nutrients = {
  calories: out.int().nullable(),
  ...nutrientGrams(() => out.number().nullable()),
  sugar: out.number().nullable(),
  sodium: out.number().nullable(),
  cholesterol: out.number().nullable(),
};

/** nutritionPer100g as stored: the keys the writer sent (foods.fields.ts `nutrition`), each a value or null. */
export const nutritionResult = out.record({ ...nutrients, nutritionBaseWeight: out.number().nullable() }).partial();

/** One serving of a food as stored: the keys the writer sent (foods.fields.ts `serving`), each a value or null. */
const servingShape = {
  id: out.id().nullish(),
  servingName: out.text().nullish(),
  weightInGrams: out.number().nullish(),
  displayOrder: out.int().nullish(),
};
export const servingResult = out.record(servingShape);

/** A serving with the nutrients of its weight (foods.servingNutrition.ts); a nutrient is null without a value or a weight. */
export const servingNutritionResult = out
  .record({
    ...servingShape,
    ...nutrients,
  })
  .meta({ title: 'FoodServingNutrition' });

/** A catalogue food (foods.repo.ts `toRecord`): every field present, unset ones null, JSON decoded. */
export const foodResult = out
  .record({
    id: out.id(),
    name: out.text(),
    foodCode: out.text().nullable(),
    categoryId: out.text().nullable(),
    category: out.text().nullable(),
    description: out.text().nullable(),
    ...nutrients,
    serving_size: out.text().nullable(),
    ingredients: out.strings().nullable(),
    image_url: out.text().nullable(),
    imageUrl: out.text().nullable(),
    nutritionPer100g: nutritionResult.nullable(),
    servings: z.array(servingResult).nullable(),
    isActive: out.bool(),
    ...writeTimes(),
  })
  .meta({ title: 'Food' });

/**
 * A page of list or search (foods.paging.ts `FoodPage`): the counts and page number are null on a
 * page asked for by cursor; nextCursor is null on the last page.
 */
export const foodPageResult = z.object({
  items: z.array(foodResult),
  nextCursor: out.text().nullable(),
  total: z.int().min(0).nullable(),
  totalCapped: out.bool().nullable(),
  page: z.int().min(1).nullable(),
  pageSize: z.int().min(1),
  totalPages: z.int().min(0).nullable(),
});
