import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { dayLogResult } from './calorieLogs.results.ts';
import { deleteAllEntries, lockLog } from './calorieLogs.repo.ts';
import { readDayLog, settle } from './calorieLogs.dayLog.ts';
import { todayOf } from '../pushDevices/pushDevices.public.ts';
import { idpUserId } from '../../values/fields.ts';

/** Removes every entry of today's log (the log keeps its goal); on a day without a log it changes nothing. */
export const clearTodayLog = defineOperation({
  namespace: 'calorieLogs',
  name: 'clearTodayLog', audience: self(ownerByIdentity('idpUserId')),
  summary: "Remove every food entry of today's log",
  writes: true,
  input: z.object({ idpUserId: idpUserId() }),
  output: itemResult(dayLogResult),
  async handler(ctx, input) {
    const date = await todayOf(ctx, input.idpUserId);
    const log = await lockLog(ctx.db, input.idpUserId, date, ctx.now());
    if (!log) return { item: await readDayLog(ctx.db, input.idpUserId, date) };
    await deleteAllEntries(ctx.db, log.id);
    return settle(ctx.db, log);
  },
});
