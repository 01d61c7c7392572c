import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { date, idpUserId, str } from '../../values/fields.ts';
import { newId } from '../../values/ids.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { sleepLogResult } from './sleepLogs.results.ts';
import { minutesToHours, spanMinutes } from './sleepLogs.clock.ts';
import { clockTime, MAX_HOURS_SLEPT } from './sleepLogs.fields.ts';
import { qualityOf } from './sleepLogs.quality.ts';
import { sleepLogOf } from './sleepLogs.records.ts';
import { goalOf, saveLog } from './sleepLogs.repo.ts';

/**
 * Minutes slept: from bedTime to wakeTime (across midnight) when both are given and differ, and
 * then hoursSlept is answered as that span in hours (two decimals); otherwise from hoursSlept.
 */
export function sleptOf(hoursSlept: number, bedTime: string | null, wakeTime: string | null): { sleptMinutes: number; hoursSlept: number } {
  if (bedTime !== null && wakeTime !== null && bedTime !== wakeTime) {
    const sleptMinutes = spanMinutes(bedTime, wakeTime);
    return { sleptMinutes, hoursSlept: minutesToHours(sleptMinutes) };
  }
  return { sleptMinutes: Math.round(hoursSlept * 60), hoursSlept };
}

/**
 * One log per person per date (the date of the morning the sleep ended): logging the date again
 * replaces the log. Quality is rated against the goal in force now, which the log keeps.
 */
export const logSleep = defineOperation({
  namespace: 'sleepLogs',
  name: 'logSleep', audience: self(ownerByIdentity('idpUserId')),
  summary: "Log (or replace) the person's sleep of a date",
  writes: true,
  input: z.object({
    idpUserId: idpUserId(),
    date: date(),
    hoursSlept: z.number().min(0).max(MAX_HOURS_SLEPT),
    bedTime: clockTime().nullish(),
    wakeTime: clockTime().nullish(),
    notes: str().nullish(),
  }),
  output: itemResult(sleepLogResult),
  async handler(ctx, input) {
    const bedTime = input.bedTime ?? null;
    const wakeTime = input.wakeTime ?? null;
    const slept = sleptOf(input.hoursSlept, bedTime, wakeTime);
    const goalMinutes = await goalOf(ctx.db, input.idpUserId);
    const now = ctx.now();
    const values = {
      ...slept,
      bedTime,
      wakeTime,
      notes: input.notes ?? null,
      quality: qualityOf(slept.sleptMinutes, goalMinutes),
      goalMinutes,
      updatedAt: now,
    };
    const row = await saveLog(ctx.db, { id: newId(), idpUserId: input.idpUserId, date: input.date, createdAt: now, ...values }, values);
    return { item: sleepLogOf(row) };
  },
});
