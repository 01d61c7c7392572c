import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { dayLogResult } from './calorieLogs.results.ts';
import { appendEntries, currentGoal, openLog } from './calorieLogs.repo.ts';
import { settle } from './calorieLogs.dayLog.ts';
import { todayOf } from '../pushDevices/pushDevices.public.ts';
import { foodEntryShape } from './calorieLogs.fields.ts';
import { idpUserId } from '../../values/fields.ts';

/** Appends one food to today's log (created on the first food of the day with the goal in force). */
export const addFood = defineOperation({
  namespace: 'calorieLogs',
  name: 'addFood', audience: self(ownerByIdentity('idpUserId')),
  summary: "Add a food entry to the person's log of today",
  writes: true,
  input: z.object({ idpUserId: idpUserId(), ...foodEntryShape }),
  output: itemResult(dayLogResult),
  async handler(ctx, input) {
    const date = await todayOf(ctx, input.idpUserId);
    const now = ctx.now();
    const log = await openLog(ctx.db, input.idpUserId, date, await currentGoal(ctx.db, input.idpUserId), now);
    await appendEntries(ctx.db, log, [input], now);
    return settle(ctx.db, log);
  },
});
