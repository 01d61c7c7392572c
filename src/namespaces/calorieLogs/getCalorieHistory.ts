import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { itemsResult } from '../../values/results.ts';
import { dayRowResult } from './calorieLogs.results.ts';
import { recentLogs } from './calorieLogs.repo.ts';
import { todayOf } from '../pushDevices/pushDevices.public.ts';
import { dayRowOf } from './calorieLogs.dayRow.ts';
import { idpUserId } from '../../values/fields.ts';

export const DEFAULT_HISTORY_DAYS = 30;

/** One row per day that has at least one food entry, newest first, at most `limit` rows (default 30). */
export const getCalorieHistory = defineOperation({
  namespace: 'calorieLogs',
  name: 'getCalorieHistory', audience: self(ownerByIdentity('idpUserId')),
  summary: 'Daily calorie totals against the goal, newest first',
  input: z.object({ idpUserId: idpUserId(), limit: z.int().min(1).max(365).default(DEFAULT_HISTORY_DAYS) }),
  output: itemsResult(dayRowResult),
  async handler(ctx, input) {
    const today = await todayOf(ctx, input.idpUserId);
    const logs = await recentLogs(ctx.db, input.idpUserId, today, input.limit);
    return { items: logs.map(dayRowOf) };
  },
});
