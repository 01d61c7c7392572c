import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { foodPageResult } from './foods.results.ts';
import { queryWords } from '../../values/words.ts';
import { pagingFields, pagingOf, SEARCH_TOTAL_CAP, type FoodPage, type Paging } from './foods.paging.ts';
import { pageFoods } from './foods.repo.ts';

const MAX_TERMS = 10;

/** The words of a query (src/values/words.ts), each once; blank gives none. */
export function termsOf(query: string | null | undefined): string[] {
  return queryWords(query);
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
 * Visible foods of which every word of `query` starts a word of the name, category or ingredients
 * (as people type: "gri pan" finds "Grilled Paneer"; any letter case, accents ignored; words are
 * runs of letters and digits, src/values/words.ts; a query without a letter or digit finds none),
 * of `category` (its name, in any letter case), with calories in
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
    const terms = termsOf(input.query);
    // A query of signs only (no letter or digit) has no word to look for: it finds nothing.
    if (terms.length === 0 && input.query?.trim()) return noMatch(pagingOf(input));
    return pageFoods(
      ctx.db,
      {
        terms,
        category: input.category ?? undefined,
        minCalories: input.min_calories ?? undefined,
        maxCalories: input.max_calories ?? undefined,
      },
      pagingOf(input),
      { totalCap: SEARCH_TOTAL_CAP },
    );
  },
});

function noMatch({ after, page, pageSize }: Paging): FoodPage<never> {
  const counted = after === undefined;
  return { items: [], nextCursor: null, total: counted ? 0 : null, totalCapped: counted ? false : null, page: page ?? null, pageSize, totalPages: counted ? 0 : null };
}
