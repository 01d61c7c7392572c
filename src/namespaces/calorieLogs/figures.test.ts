import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { addDays } from '../../time/zone.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

const noon = (date: string) => Date.parse(`${date}T12:00:00Z`);
let clock = noon('2026-03-02');

const zero = { calories: 0, protein: 0, carbs: 0, fat: 0, fiber: 0 };

describeEachDialect(
  'calorieLogs: history, weekly stats and summary',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>) => t().call('calorieLogs', apiName, data);
    const on = async (idpUserId: string, date: string, foods: Record<string, unknown>[]) => {
      clock = noon(date);
      ok(await call('addFoodsFromAI', { idpUserId, foods }));
    };

    // Goal 2000 throughout. Today is Monday 2 March 2026; the last 7 days run 24 Feb to 2 Mar,
    // across the end of February.
    const user = newId();
    before(async () => {
      await on(user, '2026-02-22', [{ name: 'a', calories: 1900 }]); // within, outside the 7 days
      await on(user, '2026-02-23', [{ name: 'a', calories: 2500 }]); // over, outside the 7 days
      await on(user, '2026-02-24', [{ name: 'a', calories: 1800, protein: 30.05 }]); // within
      // 25 Feb: nothing logged
      await on(user, '2026-02-26', [{ name: 'a', calories: 2100 }]); // over
      await on(user, '2026-02-27', [{ name: 'a', calories: 700.25 }, { name: 'b', calories: 800.3 }]); // 1500.55, within
      await on(user, '2026-02-28', [{ name: 'a', calories: 2000 }]); // exactly the goal: within
      await on(user, '2026-03-01', [{ name: 'a', calories: 1999.9, protein: 20.1 }]); // within
      await on(user, '2026-03-02', [{ name: 'a', calories: 1000 }]); // today, within
      clock = noon('2026-03-02');
    });

    test('getCalorieHistory: one row per day with food, newest first, limit rows', async () => {
      const all = ok(await call('getCalorieHistory', { idpUserId: user })).items;
      assert.deepEqual(
        all.map((d: { date: string; totals: { calories: number } }) => [d.date, d.totals.calories]),
        [
          ['2026-03-02', 1000],
          ['2026-03-01', 1999.9],
          ['2026-02-28', 2000],
          ['2026-02-27', 1500.6],
          ['2026-02-26', 2100],
          ['2026-02-24', 1800],
          ['2026-02-23', 2500],
          ['2026-02-22', 1900],
        ],
      );
      assert.deepEqual(all[3], {
        date: '2026-02-27',
        dailyGoal: 2000,
        entryCount: 2,
        totals: { ...zero, calories: 1500.6 },
        remaining: 499.5, // 2000 - 1500.55 = 499.45 -> 499.5
        percent: 75, // 1500.55 / 2000 = 75.0275 % -> 75.0
        withinGoal: true,
      });
      assert.equal(all[1].percent, 100, '1999.9 / 2000 = 99.995 % -> 100.0 (half up, exact)');
      assert.equal(all[4].withinGoal, false);
      assert.equal(all[4].remaining, -100);
      const three = ok(await call('getCalorieHistory', { idpUserId: user, limit: 3 })).items;
      assert.deepEqual(three.map((d: { date: string }) => d.date), ['2026-03-02', '2026-03-01', '2026-02-28']);
      assert.equal(ok(await call('getCalorieHistory', { idpUserId: user, limit: 1 })).items.length, 1);
      assert.equal(ok(await call('getCalorieHistory', { idpUserId: user, limit: 365 })).items.length, 8);
      assert.deepEqual(ok(await call('getCalorieHistory', { idpUserId: newId() })).items, []);
    });

    test('getCalorieHistory validation: limit 1 to 365, an integer', async () => {
      for (const limit of [0, 366, 1.5, '10', -1]) {
        failsWith(await call('getCalorieHistory', { idpUserId: user, limit }), 'VALIDATION_FAILED', 400);
      }
      failsWith(await call('getCalorieHistory', { limit: 10 }), 'VALIDATION_FAILED', 400);
    });

    test('getWeeklyCalorieStats: the last 7 days across the month end, hand-computed', async () => {
      const week = ok(await call('getWeeklyCalorieStats', { idpUserId: user }));
      assert.equal(week.startDate, '2026-02-24');
      assert.equal(week.endDate, '2026-03-02');
      assert.deepEqual(
        week.days.map((d: { date: string; totals: { calories: number }; withinGoal: boolean; dailyGoal: number | null }) => [
          d.date,
          d.totals.calories,
          d.withinGoal,
          d.dailyGoal,
        ]),
        [
          ['2026-02-24', 1800, true, 2000],
          ['2026-02-25', 0, false, null],
          ['2026-02-26', 2100, false, 2000],
          ['2026-02-27', 1500.6, true, 2000],
          ['2026-02-28', 2000, true, 2000],
          ['2026-03-01', 1999.9, true, 2000],
          ['2026-03-02', 1000, true, 2000],
        ],
      );
      assert.deepEqual(week.days[1], { date: '2026-02-25', dailyGoal: null, entryCount: 0, totals: zero, remaining: null, percent: null, withinGoal: false });
      // Calories: 1800 + 2100 + 1500.55 + 2000 + 1999.9 + 1000 = 10400.45 -> 10400.5; per logged day (6): 1733.408 -> 1733.4.
      // Protein: 30.05 + 20.1 = 50.15 -> 50.2; per logged day: 8.358 -> 8.4.
      assert.deepEqual(week.totals, { ...zero, calories: 10400.5, protein: 50.2 });
      assert.deepEqual(week.average, { ...zero, calories: 1733.4, protein: 8.4 });
      assert.equal(week.daysLogged, 6);
      assert.equal(week.daysWithinGoal, 5);
    });

    test('getWeeklyCalorieStats for someone with nothing logged: 7 empty days, averages 0', async () => {
      const week = ok(await call('getWeeklyCalorieStats', { idpUserId: newId() }));
      assert.equal(week.days.length, 7);
      assert.deepEqual(week.totals, zero);
      assert.deepEqual(week.average, zero);
      assert.equal(week.daysLogged, 0);
      assert.equal(week.daysWithinGoal, 0);
      failsWith(await call('getWeeklyCalorieStats', {}), 'VALIDATION_FAILED', 400);
    });

    test('getCalorieSummary: today against the goal, the streak, 7- and 30-day averages', async () => {
      const summary = ok(await call('getCalorieSummary', { idpUserId: user }));
      assert.deepEqual(summary, {
        date: '2026-03-02',
        dailyGoal: 2000,
        today: { calories: 1000, remaining: 1000, percent: 50, entryCount: 1, withinGoal: true },
        // 2 Mar, 1 Mar, 28 Feb, 27 Feb within; 26 Feb over.
        currentStreak: 4,
        averages: {
          last7Days: { ...zero, calories: 1733.4, protein: 8.4, daysLogged: 6, daysWithinGoal: 5 },
          // + 1900 + 2500: 14800.45 / 8 = 1850.056 -> 1850.1; protein 50.15 / 8 = 6.27 -> 6.3
          last30Days: { ...zero, calories: 1850.1, protein: 6.3, daysLogged: 8, daysWithinGoal: 6 },
        },
      });
      failsWith(await call('getCalorieSummary', { idpUserId: 42 }), 'VALIDATION_FAILED', 400);
    });

    test('the streak: today without food leaves it open, today over the goal ends it, a gap breaks it', async () => {
      const person = newId();
      await on(person, '2026-02-25', [{ name: 'a', calories: 1000 }]); // within, but 26 Feb is missing
      await on(person, '2026-02-27', [{ name: 'a', calories: 1000 }]);
      await on(person, '2026-02-28', [{ name: 'a', calories: 1000 }]);
      await on(person, '2026-03-01', [{ name: 'a', calories: 1000 }]);
      clock = noon('2026-03-02');
      const streak = async () => ok(await call('getCalorieSummary', { idpUserId: person })).currentStreak;
      assert.equal(await streak(), 3, 'today has no food yet: 1 Mar, 28 Feb, 27 Feb');
      ok(await call('addFood', { idpUserId: person, name: 'feast', calories: 2500 }));
      assert.equal(await streak(), 0, 'today is over the goal');
      ok(await call('removeFood', { idpUserId: person, foodIndex: 0 }));
      assert.equal(await streak(), 3, 'today emptied again: open');
      ok(await call('addFood', { idpUserId: person, name: 'salad', calories: 400 }));
      assert.equal(await streak(), 4);
      assert.equal(ok(await call('getCalorieSummary', { idpUserId: newId() })).currentStreak, 0);
    });

    test('a streak longer than one page of logs (400) is counted whole', async () => {
      const person = newId();
      const row = (date: string, caloriesMilli: number) => ({
        id: newId(),
        idpUserId: person,
        date,
        dailyGoal: 2000,
        entryCount: 1,
        nextSeq: 1,
        caloriesMilli,
        proteinMilli: 0,
        carbsMilli: 0,
        fatMilli: 0,
        fiberMilli: 0,
        createdAt: clock,
        updatedAt: clock,
      });
      // 405 days within goal up to yesterday (1 Mar 2026), and an over-goal day before them.
      const rows = Array.from({ length: 405 }, (_, i) => row(addDays('2026-03-01', -i), 1_500_000));
      rows.push(row(addDays('2026-03-01', -405), 2_500_000));
      await t().database.db.insertInto('calorieLogs').values(rows).execute();
      clock = noon('2026-03-02');
      assert.equal(ok(await call('getCalorieSummary', { idpUserId: person })).currentStreak, 405);
    });

    test('the summary of someone with nothing logged', async () => {
      const summary = ok(await call('getCalorieSummary', { idpUserId: newId() }));
      assert.deepEqual(summary.today, { calories: 0, remaining: 2000, percent: 0, entryCount: 0, withinGoal: false });
      assert.deepEqual(summary.averages.last7Days, { ...zero, daysLogged: 0, daysWithinGoal: 0 });
    });
  },
  { services: { now: () => clock } },
);
