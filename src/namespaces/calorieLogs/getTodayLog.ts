import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { dayLogResult } from './calorieLogs.results.ts';
import { readDayLog } from './calorieLogs.dayLog.ts';
import { todayOf } from '../pushDevices/pushDevices.public.ts';
import { idpUserId } from '../../values/fields.ts';

/** Today's entries in order, totals, goal, remaining and percent; before the first food, an empty day (`id` null). */
export const getTodayLog = defineOperation({
  namespace: 'calorieLogs',
  name: 'getTodayLog', audience: self(ownerByIdentity('idpUserId')),
  summary: "The person's calorie log of today with totals against the goal",
  input: z.object({ idpUserId: idpUserId() }),
  output: itemResult(dayLogResult),
  async handler(ctx, input) {
    const date = await todayOf(ctx, input.idpUserId);
    return { item: await readDayLog(ctx.db, input.idpUserId, date) };
  },
});
