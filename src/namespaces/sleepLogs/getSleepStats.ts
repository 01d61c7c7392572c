import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { qualityDistributionResult } from './sleepLogs.results.ts';
import { addDays } from '../../time/zone.ts';
import { minutesToHours } from './sleepLogs.clock.ts';
import { averages, goalCompletionRate, qualityDistribution, weeklyAverages } from './sleepLogs.figures.ts';
import { todayOf } from '../pushDevices/pushDevices.public.ts';
import { logsBetween } from '../../db/daily-logs.ts';
import { goalOf } from './sleepLogs.repo.ts';
import { idpUserId } from '../../values/fields.ts';

/** Figures over the logs of the last `days` days (today and the days before; default 30), in the "sleep stats" shape. */
export const getSleepStats = defineOperation({
  namespace: 'sleepLogs',
  name: 'getSleepStats', audience: self(ownerByIdentity('idpUserId')),
  summary: 'Sleep averages, goal completion rate, quality distribution and weekly averages',
  input: z.object({ idpUserId: idpUserId(), days: z.int().min(1).max(365).default(30) }),
  output: z.object({
    averageHours: out.number(),
    averageSleepMinutes: out.number(),
    goalMinutes: out.int(),
    goalHours: out.number(),
    goalCompletionRate: out.number(),
    totalLogs: out.int(),
    qualityDistribution: qualityDistributionResult,
    weeklyAverage: z.array(z.object({ week: out.int(), average: out.number(), days: out.int() })),
  }),
  async handler(ctx, input) {
    const today = await todayOf(ctx, input.idpUserId);
    const from = addDays(today, -(input.days - 1));
    const logs = await logsBetween(ctx.db, 'sleepLogs', input.idpUserId, from, today);
    const goalMinutes = await goalOf(ctx.db, input.idpUserId);
    const mean = averages(logs);
    return {
      averageHours: mean.hours,
      averageSleepMinutes: mean.minutes,
      goalMinutes,
      goalHours: minutesToHours(goalMinutes),
      goalCompletionRate: goalCompletionRate(logs),
      totalLogs: logs.length,
      qualityDistribution: qualityDistribution(logs),
      weeklyAverage: weeklyAverages(logs, from, today),
    };
  },
});
