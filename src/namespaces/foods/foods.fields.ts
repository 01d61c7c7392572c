import { z } from 'zod';
import { wordsText } from '../../values/words.ts';
import { str } from '../../values/fields.ts';
import type { Serving as StoredServing } from './foods.table.ts';

/** Schema pieces of the foods resource (interface-2 "foods") and the keys derived from a food. */

/** A finite number >= 0 (Zod 4 numbers are finite). `fat` too: the interface's timestamp-like text on it is read as "a number". */
const amount = () => z.number().min(0, 'must be at least 0');
const shortText = (max: number) => z.string().max(max);

/** The nutrients of a food, each optional and nullable: as food fields and as nutritionPer100g. */
const nutrients = () => ({
  calories: z.int().min(0, 'must be at least 0').nullish(),
  protein: amount().nullish(),
  carbs: amount().nullish(),
  fat: amount().nullish(),
  fiber: amount().nullish(),
  sugar: amount().nullish(),
  sodium: amount().nullish(),
  cholesterol: amount().nullish(),
});

/** nutritionPer100g: values for `nutritionBaseWeight` grams (default 100), stored and returned as given. */
export const nutrition = () =>
  z.object({
    ...nutrients(),
    nutritionBaseWeight: z.number().gt(0, 'must be greater than 0').nullish(),
  });

export const serving = () =>
  z.object({
    id: z.string().trim().min(1, 'must not be empty').max(128).nullish(),
    servingName: shortText(200).nullish(),
    weightInGrams: amount().nullish(),
    displayOrder: z.int().nullish(),
  }) satisfies z.ZodType<StoredServing>;

export const servings = () =>
  z
    .array(serving())
    .max(100)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((s, i) => {
        if (!s.id) return;
        if (seen.has(s.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'serving ids must be unique within a food' });
        seen.add(s.id);
      });
    });

export type Nutrition = z.infer<ReturnType<typeof nutrition>>;
export type Serving = z.infer<ReturnType<typeof serving>>;

export const foodName = () => z.string().trim().min(1, 'must not be empty').max(500);

/** Every foods field but name and isActive, each optional and nullable (null clears on update). */
export const optionalFoodFields = {
  foodCode: z.string().trim().min(1, 'must not be empty').max(100).nullish(),
  categoryId: z.string().trim().max(128).nullish(),
  category: z.string().trim().max(200).nullish(),
  description: str().nullish(),
  ...nutrients(),
  serving_size: shortText(200).nullish(),
  ingredients: z.array(shortText(300)).max(200).nullish(),
  image_url: shortText(2048).nullish(),
  imageUrl: shortText(2048).nullish(),
  nutritionPer100g: nutrition().nullish(),
  servings: servings().nullish(),
};

/** The stored fields of a food as the API sees them (besides id, isActive and timestamps). */
export const FOOD_FIELDS = ['name', ...Object.keys(optionalFoodFields)] as readonly string[];

export type FoodInput = { name?: string } & { [K in keyof typeof optionalFoodFields]?: z.infer<(typeof optionalFoodFields)[K]> } & {
  isActive?: boolean | null;
};

/**
 * `image_url` and `imageUrl` are both stored as given; when a write sends only one of them, the
 * other is set to the same value, so a client reading either field sees the image.
 */
export function mirrorImage<T extends { image_url?: string | null | undefined; imageUrl?: string | null | undefined }>(input: T): T {
  if (input.image_url !== undefined && input.imageUrl === undefined) return { ...input, imageUrl: input.image_url };
  if (input.imageUrl !== undefined && input.image_url === undefined) return { ...input, image_url: input.imageUrl };
  return input;
}

/** Trimmed, inner spaces collapsed, lower-cased: how names, categories and codes are compared. */
export function keyOf(text: string | null | undefined): string {
  return (text ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * A food's searchText: the words (src/values/words.ts) of its name, category and ingredients, in
 * order, joined by single spaces ("Crème Brûlée (v2)" -> "creme brulee v2"). search matches a query
 * word where it starts one of these words; both databases index them as they are here.
 */
export function searchTextOf(name: string, category: string | null | undefined, ingredients: readonly string[] | null | undefined): string {
  return wordsText(name, category, ...(ingredients ?? []));
}
