import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { dayRowResult, totalsResult } from './calorieLogs.results.ts';
import { addDays } from '../../time/zone.ts';
import { logsBetween } from '../../db/daily-logs.ts';
import { todayOf } from '../pushDevices/pushDevices.public.ts';
import { dayRowOf, emptyDayRow, periodFigures } from './calorieLogs.dayRow.ts';
import { idpUserId } from '../../values/fields.ts';

/**
 * The last 7 days (today and the 6 before), oldest first, each with its totals against its goal;
 * the week's totals, the average per logged day, and the days within goal.
 */
export const getWeeklyCalorieStats = defineOperation({
  namespace: 'calorieLogs',
  name: 'getWeeklyCalorieStats', audience: self(ownerByIdentity('idpUserId')),
  summary: 'Calorie totals of the last 7 days, average per logged day and days within goal',
  input: z.object({ idpUserId: idpUserId() }),
  output: z.object({
    startDate: out.date(),
    endDate: out.date(),
    days: z.array(dayRowResult).length(7),
    totals: totalsResult,
    average: totalsResult,
    daysLogged: out.int(),
    daysWithinGoal: out.int(),
  }),
  async handler(ctx, input) {
    const endDate = await todayOf(ctx, input.idpUserId);
    const startDate = addDays(endDate, -6);
    const logs = await logsBetween(ctx.db, 'calorieLogs', input.idpUserId, startDate, endDate);
    const byDate = new Map(logs.map((l) => [l.date, l]));
    const days = Array.from({ length: 7 }, (_, i) => {
      const date = addDays(startDate, i);
      const log = byDate.get(date);
      return log ? dayRowOf(log) : emptyDayRow(date);
    });
    return { startDate, endDate, days, ...periodFigures(logs) };
  },
});
