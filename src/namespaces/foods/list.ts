import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { foodPageResult } from './foods.results.ts';
import { pagingFields, pagingOf } from './foods.paging.ts';
import { pageFoods } from './foods.repo.ts';

/** Visible foods (isActive true) by name, optionally of one categoryId; cursor or page paging (foods.paging.ts). */
export const list = defineOperation({
  namespace: 'foods',
  name: 'list', audience: everyone,
  summary: 'List catalogue foods by name, with cursor or page paging',
  input: z.object({ categoryId: z.string().trim().min(1).max(128).nullish(), ...pagingFields }),
  output: foodPageResult,
  async handler(ctx, input) {
    return pageFoods(ctx.db, { categoryId: input.categoryId ?? undefined }, pagingOf(input));
  },
});
