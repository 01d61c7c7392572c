import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const noQuality = { excellent: 0, good: 0, fair: 0, poor: 0, too_much: 0 };

describeEachDialect(
  'sleepLogs stats and weekly summary',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>) => t().call('sleepLogs', apiName, data);
    const logAll = async (idpUserId: string, logs: [string, number, Record<string, unknown>?][]) => {
      for (const [date, minutes, extra] of logs) ok(await call('logSleep', { idpUserId, date, hoursSlept: minutes / 60, ...extra }));
    };

    // Today is Monday 2 March 2026; "this week" is 24 Feb to 2 Mar, across the end of February;
    // the week before is 17 to 23 Feb. Goal 480 minutes (23:00 -> 07:00).
    const user = newId();
    before(async () => {
      ok(await call('updateSleepPreferences', { idpUserId: user, sleepTime: '11 PM', wakeTime: '7 AM' }));
      await logAll(user, [
        ['2026-01-31', 480], // outside the 30-day window
        ['2026-02-18', 360], // fair (75 %)
        ['2026-02-20', 390], // fair (81.25 %)
        ['2026-02-24', 420], // good (87.5 %)
        ['2026-02-26', 480], // excellent, goal met
        ['2026-02-28', 0, { bedTime: '23:30', wakeTime: '07:15' }], // 465 across midnight: excellent (96.9 %), goal not met
        ['2026-03-01', 600], // too_much, goal met
        ['2026-03-02', 300], // poor (62.5 %)
      ]);
    });

    test('getWeeklySleepSummary: the last 7 days, hand-computed', async () => {
      assert.deepEqual(ok(await call('getWeeklySleepSummary', { idpUserId: user })), {
        // (420 + 480 + 465 + 600 + 300) / 5 = 453 minutes = 7.55 h
        averageHours: 7.55,
        weeklyAverageMinutes: 453,
        goalMinutes: 480,
        goalHours: 8,
        dailyGoalAchievement: [
          { date: '2026-02-24', sleptMinutes: 420, goalMinutes: 480, achieved: false, completionPercentage: 87.5 },
          { date: '2026-02-25', sleptMinutes: 0, goalMinutes: 480, achieved: false, completionPercentage: 0 },
          { date: '2026-02-26', sleptMinutes: 480, goalMinutes: 480, achieved: true, completionPercentage: 100 },
          { date: '2026-02-27', sleptMinutes: 0, goalMinutes: 480, achieved: false, completionPercentage: 0 },
          { date: '2026-02-28', sleptMinutes: 465, goalMinutes: 480, achieved: false, completionPercentage: 96.9 },
          { date: '2026-03-01', sleptMinutes: 600, goalMinutes: 480, achieved: true, completionPercentage: 125 },
          { date: '2026-03-02', sleptMinutes: 300, goalMinutes: 480, achieved: false, completionPercentage: 62.5 },
        ],
        logsThisWeek: 5,
        lastNight: { hours: 5, quality: 'poor' },
        // |453 - 480| = 27 this week against |375 - 480| = 105 the week before: 78 minutes closer.
        trend: 'improving',
      });
    });

    test('getSleepStats over the default 30 days (1 Feb to 2 Mar), hand-computed', async () => {
      assert.deepEqual(ok(await call('getSleepStats', { idpUserId: user })), {
        // 3015 minutes over 7 logs = 430.71 -> 430.7 minutes, 7.18 h
        averageHours: 7.18,
        averageSleepMinutes: 430.7,
        goalMinutes: 480,
        goalHours: 8,
        goalCompletionRate: 28.6, // 2 of 7
        totalLogs: 7,
        qualityDistribution: { excellent: 2, good: 1, fair: 2, poor: 1, too_much: 1 },
        weeklyAverage: [
          { week: 1, average: 0, days: 0 }, // 1-7 Feb
          { week: 2, average: 0, days: 0 }, // 8-14 Feb
          { week: 3, average: 6.25, days: 2 }, // 15-21 Feb: 375 minutes
          { week: 4, average: 7.58, days: 3 }, // 22-28 Feb: 455 minutes
          { week: 5, average: 7.5, days: 2 }, // 1-2 Mar: 450 minutes
        ],
      });
    });

    test('getSleepStats: days 1, 7 and 365', async () => {
      const one = ok(await call('getSleepStats', { idpUserId: user, days: 1 }));
      assert.deepEqual([one.averageHours, one.averageSleepMinutes, one.goalCompletionRate, one.totalLogs], [5, 300, 0, 1]);
      assert.deepEqual(one.qualityDistribution, { ...noQuality, poor: 1 });
      assert.deepEqual(one.weeklyAverage, [{ week: 1, average: 5, days: 1 }]);
      const seven = ok(await call('getSleepStats', { idpUserId: user, days: 7 }));
      assert.deepEqual([seven.averageHours, seven.averageSleepMinutes, seven.goalCompletionRate, seven.totalLogs], [7.55, 453, 40, 5]);
      assert.deepEqual(seven.weeklyAverage, [{ week: 1, average: 7.55, days: 5 }]);
      const year = ok(await call('getSleepStats', { idpUserId: user, days: 365 }));
      assert.equal(year.totalLogs, 8);
      assert.equal(year.weeklyAverage.length, 53); // 52 whole weeks and one day
      assert.deepEqual(year.weeklyAverage[52], { week: 53, average: 5, days: 1 });
    });

    test('getSleepStats validation: days 1 to 365, an integer', async () => {
      for (const days of [0, 366, 7.5, '7', -3]) failsWith(await call('getSleepStats', { idpUserId: user, days }), 'VALIDATION_FAILED', 400);
      failsWith(await call('getSleepStats', { days: 7 }), 'VALIDATION_FAILED', 400);
    });

    test('nothing logged: zero figures, the default goal, lastNight null, trend stable', async () => {
      const nobody = newId();
      const stats = ok(await call('getSleepStats', { idpUserId: nobody, days: 14 }));
      assert.deepEqual(stats, {
        averageHours: 0,
        averageSleepMinutes: 0,
        goalMinutes: 480,
        goalHours: 8,
        goalCompletionRate: 0,
        totalLogs: 0,
        qualityDistribution: noQuality,
        weeklyAverage: [
          { week: 1, average: 0, days: 0 },
          { week: 2, average: 0, days: 0 },
        ],
      });
      const week = ok(await call('getWeeklySleepSummary', { idpUserId: nobody }));
      assert.equal(week.logsThisWeek, 0);
      assert.deepEqual(week.lastNight, { hours: null, quality: null });
      assert.equal(week.trend, 'stable');
      assert.equal(week.dailyGoalAchievement.length, 7);
      failsWith(await call('getWeeklySleepSummary', {}), 'VALIDATION_FAILED', 400);
    });

    test('trend: 15 minutes closer to the goal or more is improving, 15 farther declining, else stable', async () => {
      const trend = async (previous: number, current: number) => {
        const person = newId();
        await logAll(person, [
          ['2026-02-20', previous],
          ['2026-03-01', current],
        ]);
        return ok(await call('getWeeklySleepSummary', { idpUserId: person })).trend as string;
      };
      assert.equal(await trend(450, 465), 'improving'); // 30 -> 15 from the goal
      assert.equal(await trend(450, 464), 'stable'); // 30 -> 16
      assert.equal(await trend(480, 465), 'declining'); // 0 -> 15
      assert.equal(await trend(480, 466), 'stable'); // 0 -> 14
      assert.equal(await trend(600, 540), 'improving', 'less sleep is better when it was too much');
      assert.equal(await trend(480, 540), 'declining', 'more sleep is worse past the goal');
      const onlyThisWeek = newId();
      await logAll(onlyThisWeek, [['2026-03-01', 480]]);
      assert.equal(ok(await call('getWeeklySleepSummary', { idpUserId: onlyThisWeek })).trend, 'stable');
      // A log yesterday but none dated today: lastNight is the log dated today, so null here.
      assert.deepEqual(ok(await call('getWeeklySleepSummary', { idpUserId: onlyThisWeek })).lastNight, { hours: null, quality: null });
    });

    test('a goal change: past logs keep their goal in the achievement rows and completion rate', async () => {
      const person = newId();
      await logAll(person, [['2026-03-01', 480]]);
      ok(await call('updateSleepPreferences', { idpUserId: person, sleepTime: '22:00', wakeTime: '08:00' })); // 600
      const week = ok(await call('getWeeklySleepSummary', { idpUserId: person }));
      assert.equal(week.goalMinutes, 600);
      assert.equal(week.goalHours, 10);
      assert.deepEqual(week.dailyGoalAchievement[5], { date: '2026-03-01', sleptMinutes: 480, goalMinutes: 480, achieved: true, completionPercentage: 100 });
      assert.deepEqual(week.dailyGoalAchievement[6], { date: '2026-03-02', sleptMinutes: 0, goalMinutes: 600, achieved: false, completionPercentage: 0 });
      const stats = ok(await call('getSleepStats', { idpUserId: person, days: 7 }));
      assert.equal(stats.goalCompletionRate, 100);
      assert.equal(stats.goalMinutes, 600);
    });
  },
  { services: { now: () => NOW } },
);
