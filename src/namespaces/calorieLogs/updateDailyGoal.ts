import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { dayLogResult } from './calorieLogs.results.ts';
import { saveGoal, setLogGoal } from './calorieLogs.repo.ts';
import { readDayLog } from './calorieLogs.dayLog.ts';
import { todayOf } from '../pushDevices/pushDevices.public.ts';
import { dailyGoal } from './calorieLogs.fields.ts';
import { idpUserId } from '../../values/fields.ts';

/**
 * Sets the person's daily goal from today on: today's log (if any) takes it, and so does every
 * later day's log when it is created. Logs of earlier days keep the goal they had.
 */
export const updateDailyGoal = defineOperation({
  namespace: 'calorieLogs',
  name: 'updateDailyGoal', audience: self(ownerByIdentity('idpUserId')),
  summary: 'Set the daily calorie goal (today and the following days)',
  writes: true,
  input: z.object({ idpUserId: idpUserId(), dailyGoal: dailyGoal() }),
  output: itemResult(dayLogResult),
  async handler(ctx, input) {
    const date = await todayOf(ctx, input.idpUserId);
    const now = ctx.now();
    await saveGoal(ctx.db, input.idpUserId, input.dailyGoal, now);
    await setLogGoal(ctx.db, input.idpUserId, date, input.dailyGoal, now);
    return { item: await readDayLog(ctx.db, input.idpUserId, date) };
  },
});
