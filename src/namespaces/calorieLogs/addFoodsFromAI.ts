import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { dayLogResult } from './calorieLogs.results.ts';
import { appendEntries, currentGoal, openLog } from './calorieLogs.repo.ts';
import { settle } from './calorieLogs.dayLog.ts';
import { todayOf } from '../pushDevices/pushDevices.public.ts';
import { foodEntry, MAX_FOODS_PER_CALL } from './calorieLogs.fields.ts';
import { idpUserId } from '../../values/fields.ts';

/**
 * Appends several foods (e.g. recognised in a photo) in the order given. All or none: one invalid
 * entry fails the whole call with a path per problem (`foods.2.calories`), and the entries are
 * written in the operation's one transaction.
 */
export const addFoodsFromAI = defineOperation({
  namespace: 'calorieLogs',
  name: 'addFoodsFromAI', audience: self(ownerByIdentity('idpUserId')),
  summary: "Add several food entries to the person's log of today, all or none",
  writes: true,
  input: z.object({
    idpUserId: idpUserId(),
    foods: z.array(foodEntry()).min(1, 'must have at least 1 entry').max(MAX_FOODS_PER_CALL),
  }),
  output: itemResult(dayLogResult),
  async handler(ctx, input) {
    const date = await todayOf(ctx, input.idpUserId);
    const now = ctx.now();
    const log = await openLog(ctx.db, input.idpUserId, date, await currentGoal(ctx.db, input.idpUserId), now);
    await appendEntries(ctx.db, log, input.foods, now);
    return settle(ctx.db, log);
  },
});
