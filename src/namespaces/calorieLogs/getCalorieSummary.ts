import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { periodAveragesResult } from './calorieLogs.results.ts';
import { addDays } from '../../time/zone.ts';
import { logsBetween } from '../../db/daily-logs.ts';
import { recentLogs } from './calorieLogs.repo.ts';
import { readDayLog } from './calorieLogs.dayLog.ts';
import { todayOf } from '../pushDevices/pushDevices.public.ts';
import { isWithinGoal, periodFigures } from './calorieLogs.dayRow.ts';
import { idpUserId } from '../../values/fields.ts';

const STREAK_PAGE = 400;

/**
 * The current streak: consecutive days within goal up to today. Today counts when it is within
 * goal and ends the streak (0) when its calories are over the goal; a today without entries yet
 * is still open and the streak ends yesterday. A day without entries breaks the streak.
 */
export async function currentStreak(db: Db, idpUserId: string, today: string): Promise<number> {
  let count = 0;
  let expected = today;
  let first = true;
  let to = today;
  for (;;) {
    const page = await recentLogs(db, idpUserId, to, STREAK_PAGE);
    for (const log of page) {
      if (first) {
        first = false;
        expected = addDays(today, -1);
        if (log.date === today) {
          if (!isWithinGoal(log)) return 0;
          count = 1;
          continue;
        }
      }
      if (log.date !== expected || !isWithinGoal(log)) return count;
      count += 1;
      expected = addDays(expected, -1);
    }
    if (page.length < STREAK_PAGE) return count;
    to = expected;
  }
}

function averages(figures: ReturnType<typeof periodFigures>) {
  return { ...figures.average, daysLogged: figures.daysLogged, daysWithinGoal: figures.daysWithinGoal };
}

/** Today against the goal, the current streak of days within goal, and 7- and 30-day averages per logged day. */
export const getCalorieSummary = defineOperation({
  namespace: 'calorieLogs',
  name: 'getCalorieSummary', audience: self(ownerByIdentity('idpUserId')),
  summary: 'Today against the goal, the streak of days within goal, and averages',
  input: z.object({ idpUserId: idpUserId() }),
  output: z.object({
    date: out.date(),
    dailyGoal: out.number(),
    today: z.object({ calories: out.number(), remaining: out.number(), percent: out.number(), entryCount: out.int(), withinGoal: out.bool() }),
    currentStreak: out.int(),
    averages: z.object({ last7Days: periodAveragesResult, last30Days: periodAveragesResult }),
  }),
  async handler(ctx, input) {
    const today = await todayOf(ctx, input.idpUserId);
    const day = await readDayLog(ctx.db, input.idpUserId, today);
    const last30 = await logsBetween(ctx.db, 'calorieLogs', input.idpUserId, addDays(today, -29), today);
    const from7 = addDays(today, -6);
    return {
      date: today,
      dailyGoal: day.dailyGoal,
      today: {
        calories: day.totals.calories,
        remaining: day.remaining,
        percent: day.percent,
        entryCount: day.entries.length,
        withinGoal: day.withinGoal,
      },
      currentStreak: await currentStreak(ctx.db, input.idpUserId, today),
      averages: {
        last7Days: averages(periodFigures(last30.filter((l) => l.date >= from7))),
        last30Days: averages(periodFigures(last30)),
      },
    };
  },
});
