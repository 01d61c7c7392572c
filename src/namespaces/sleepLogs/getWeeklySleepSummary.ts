import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { dayAchievementResult, qualityResult } from './sleepLogs.results.ts';
import { addDays } from '../../time/zone.ts';
import { minutesToHours } from './sleepLogs.clock.ts';
import { averages, dailyAchievement, trendOf } from './sleepLogs.figures.ts';
import { todayOf } from '../pushDevices/pushDevices.public.ts';
import { logsBetween } from '../../db/daily-logs.ts';
import { goalOf } from './sleepLogs.repo.ts';
import { idpUserId } from '../../values/fields.ts';

/**
 * The last 7 days (today and the 6 before) in the "weekly sleep summary" shape. lastNight is the
 * log dated today (the night that ended this morning): hours and quality are null without one.
 */
export const getWeeklySleepSummary = defineOperation({
  namespace: 'sleepLogs',
  name: 'getWeeklySleepSummary', audience: self(ownerByIdentity('idpUserId')),
  summary: 'Sleep of the last 7 days against the goal, last night, and the trend',
  input: z.object({ idpUserId: idpUserId() }),
  output: z.object({
    averageHours: out.number(),
    weeklyAverageMinutes: out.number(),
    goalMinutes: out.int(),
    goalHours: out.number(),
    dailyGoalAchievement: z.array(dayAchievementResult).length(7),
    logsThisWeek: out.int(),
    lastNight: z.object({ hours: out.number().nullable(), quality: qualityResult().nullable() }),
    trend: z.enum(['improving', 'declining', 'stable']),
  }),
  async handler(ctx, input) {
    const today = await todayOf(ctx, input.idpUserId);
    const from = addDays(today, -6);
    const logs = await logsBetween(ctx.db, 'sleepLogs', input.idpUserId, addDays(from, -7), today);
    const thisWeek = logs.filter((l) => l.date >= from);
    const previousWeek = logs.filter((l) => l.date < from);
    const goalMinutes = await goalOf(ctx.db, input.idpUserId);
    const mean = averages(thisWeek);
    const lastNight = thisWeek.find((l) => l.date === today);
    return {
      averageHours: mean.hours,
      weeklyAverageMinutes: mean.minutes,
      goalMinutes,
      goalHours: minutesToHours(goalMinutes),
      dailyGoalAchievement: dailyAchievement(thisWeek, from, 7, goalMinutes),
      logsThisWeek: thisWeek.length,
      lastNight: { hours: lastNight ? Number(lastNight.hoursSlept) : null, quality: lastNight?.quality ?? null },
      trend: trendOf(thisWeek, previousWeek, goalMinutes),
    };
  },
});
