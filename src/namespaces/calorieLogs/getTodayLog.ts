import { self } from '../../access/audience.ts';
import { z } from 'zod';
import { defineOperation } from '../../rpc/operation.ts';
import { ownToday, readDayLog } from './dayLog.ts';
import { idpUserId } from './fields.ts';

/** Today's entries in order, totals, goal, remaining and percent; before the first food, an empty day (`id` null). */
export const getTodayLog = defineOperation({
  namespace: 'calorieLogs',
  name: 'getTodayLog', audience: self(),
  summary: "The person's calorie log of today with totals against the goal",
  input: z.object({ idpUserId: idpUserId() }),
  async handler(ctx, input) {
    const date = await ownToday(ctx, input.idpUserId);
    return { item: await readDayLog(ctx.db, input.idpUserId, date) };
  },
});
