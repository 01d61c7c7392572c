import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { foodPageResult } from './foods.results.ts';
import { searchForm } from './foods.fields.ts';
import { pagingFields, pagingOf, SEARCH_TOTAL_CAP } from './foods.paging.ts';
import { pageFoods } from './foods.repo.ts';

const MAX_TERMS = 10;

/** The words of a query in searchForm, each once; blank gives none. */
export function termsOf(query: string | null | undefined): string[] {
  return [...new Set(searchForm(query ?? '').split(' ').filter((t) => t.length > 0))];
}

const calories = () => z.int().min(0, 'must be at least 0');

const input = z
  .object({
    query: z
      .string()
      .max(200)
      .refine((q) => termsOf(q).length <= MAX_TERMS, `at most ${MAX_TERMS} words`)
      .nullish(),
    category: z.string().trim().min(1).max(200).nullish(),
    min_calories: calories().nullish(),
    max_calories: calories().nullish(),
    ...pagingFields,
  })
  .refine((i) => i.min_calories == null || i.max_calories == null || i.min_calories <= i.max_calories, {
    path: ['max_calories'],
    message: 'must not be less than min_calories',
  });

/**
 * Visible foods whose name, category or ingredients contain every word of `query` (any letter
 * case, accents ignored), of `category` (its name, in any letter case), with calories in
 * [min_calories, max_calories] (a bound excludes foods without calories). Ordered by name and
 * paged like list; `total` counts at most SEARCH_TOTAL_CAP matches (`totalCapped` says when more match).
 */
export const search = defineOperation({
  namespace: 'foods',
  name: 'search', audience: everyone,
  summary: 'Search catalogue foods by name, ingredients and category, and by a calorie range',
  input,
  output: foodPageResult,
  async handler(ctx, input) {
    return pageFoods(
      ctx.db,
      {
        terms: termsOf(input.query),
        category: input.category ?? undefined,
        minCalories: input.min_calories ?? undefined,
        maxCalories: input.max_calories ?? undefined,
      },
      pagingOf(input),
      { totalCap: SEARCH_TOTAL_CAP },
    );
  },
});
