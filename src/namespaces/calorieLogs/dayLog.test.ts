import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

// Noon UTC of a date: "today" in the service zone (UTC) of this suite.
const noon = (date: string) => Date.parse(`${date}T12:00:00Z`);
let clock = noon('2026-03-02');

describeEachDialect(
  'calorieLogs: today\'s log',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>) => t().call('calorieLogs', apiName, data);
    const today = async (idpUserId: string) => ok(await call('getTodayLog', { idpUserId })).item;
    const add = async (idpUserId: string, food: Record<string, unknown>) => ok(await call('addFood', { idpUserId, ...food })).item;

    test('getTodayLog before the first food: an empty day with the default goal of 2000, nothing stored', async () => {
      clock = noon('2026-03-02');
      const user = newId();
      assert.deepEqual(await today(user), {
        id: null,
        idpUserId: user,
        date: '2026-03-02',
        dailyGoal: 2000,
        entries: [],
        totals: { calories: 0, protein: 0, carbs: 0, fat: 0, fiber: 0 },
        remaining: 2000,
        percent: 0,
        withinGoal: false,
        createdAt: null,
        updatedAt: null,
      });
      failsWith(await call('getTodayLog', {}), 'VALIDATION_FAILED', 400);
      failsWith(await call('getTodayLog', { idpUserId: '' }), 'VALIDATION_FAILED', 400);
    });

    test('addFood appends in order and answers the day with totals, remaining and percent', async () => {
      clock = noon('2026-03-02');
      const user = newId();
      const first = await add(user, { name: 'Oats', calories: 350.5, protein: 12.25, carbs: 60, fat: 6.1, fiber: 8, quantity: '1 bowl' });
      assert.equal(typeof first.id, 'string');
      assert.equal(first.date, '2026-03-02');
      assert.deepEqual(first.entries, [
        { index: 0, name: 'Oats', calories: 350.5, protein: 12.25, carbs: 60, fat: 6.1, fiber: 8, quantity: '1 bowl', addedAt: clock },
      ]);
      const second = await add(user, { name: 'Apple', calories: 95 });
      assert.equal(second.id, first.id, 'one log per user per day');
      assert.deepEqual(second.entries.map((e: { name: string; index: number }) => [e.index, e.name]), [[0, 'Oats'], [1, 'Apple']]);
      assert.deepEqual(second.entries[1], { index: 1, name: 'Apple', calories: 95, protein: null, carbs: null, fat: null, fiber: null, quantity: null, addedAt: clock });
      // 350.5 + 95 = 445.5 kcal; protein 12.25 -> 12.3 (one decimal, half up); 445.5 / 2000 = 22.275 % -> 22.3
      assert.deepEqual(second.totals, { calories: 445.5, protein: 12.3, carbs: 60, fat: 6.1, fiber: 8 });
      assert.equal(second.remaining, 1554.5);
      assert.equal(second.percent, 22.3);
      assert.equal(second.withinGoal, true);
      assert.deepEqual(await today(user), second);
    });

    test('sums do not drift: 0.1 kcal three times is 0.3, and 0.05 + 0.05 + 0.05 g is 0.2 (0.15 half up)', async () => {
      clock = noon('2026-03-02');
      const user = newId();
      for (let i = 0; i < 3; i++) await add(user, { name: 'Mint', calories: 0.1, fiber: 0.05 });
      const day = await today(user);
      assert.equal(day.totals.calories, 0.3);
      assert.equal(day.totals.fiber, 0.2);
      assert.equal(day.remaining, 1999.7);
      assert.equal(day.percent, 0);
    });

    test('addFood validation: name and calories required, calories min 0 (0 allowed), nutrients numbers', async () => {
      clock = noon('2026-03-02');
      const user = newId();
      const error = failsWith(await call('addFood', { idpUserId: user, name: ' ', calories: -0.1, protein: 'x' }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['calories', 'name', 'protein']);
      failsWith(await call('addFood', { idpUserId: user, name: 'Tea' }), 'VALIDATION_FAILED', 400);
      failsWith(await call('addFood', { idpUserId: user, name: 'Tea', calories: null }), 'VALIDATION_FAILED', 400);
      failsWith(await call('addFood', { idpUserId: user, name: 'Tea', calories: 100_001 }), 'VALIDATION_FAILED', 400);
      failsWith(await call('addFood', { idpUserId: user, name: 'Tea', calories: 1, fat: -1 }), 'VALIDATION_FAILED', 400);
      failsWith(await call('addFood', { name: 'Tea', calories: 1 }), 'VALIDATION_FAILED', 400);
      assert.equal((await today(user)).id, null, 'nothing was stored');
      const zero = await add(user, { name: 'Water', calories: 0, protein: null, carbs: null, fat: null, fiber: null, quantity: null });
      assert.equal(zero.entries[0].calories, 0);
      assert.equal(zero.totals.calories, 0);
    });

    test('addFoodsFromAI appends several in the order given', async () => {
      clock = noon('2026-03-02');
      const user = newId();
      await add(user, { name: 'Coffee', calories: 5 });
      const { item } = ok(
        await call('addFoodsFromAI', {
          idpUserId: user,
          foods: [
            { name: 'Rice', calories: 200, carbs: 45.5 },
            { name: 'Dal', calories: 150.25, protein: 9 },
          ],
        }),
      );
      assert.deepEqual(item.entries.map((e: { name: string }) => e.name), ['Coffee', 'Rice', 'Dal']);
      assert.deepEqual(item.entries.map((e: { index: number }) => e.index), [0, 1, 2]);
      // 5 + 200 + 150.25 = 355.25 -> 355.3
      assert.deepEqual(item.totals, { calories: 355.3, protein: 9, carbs: 45.5, fat: 0, fiber: 0 });
      const single = ok(await call('addFoodsFromAI', { idpUserId: user, foods: [{ name: 'Egg', calories: 78 }] })).item;
      assert.equal(single.entries.length, 4);
    });

    test('addFoodsFromAI is all or none, with a path per bad entry; at least 1 entry', async () => {
      clock = noon('2026-03-02');
      const user = newId();
      const error = failsWith(
        await call('addFoodsFromAI', {
          idpUserId: user,
          foods: [{ name: 'Rice', calories: 200 }, { name: 'Dal', calories: -5 }, { calories: 1 }],
        }),
        'VALIDATION_FAILED',
        400,
      );
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['foods.1.calories', 'foods.2.name']);
      assert.equal((await today(user)).entries.length, 0, 'none of the foods was added');
      failsWith(await call('addFoodsFromAI', { idpUserId: user, foods: [] }), 'VALIDATION_FAILED', 400);
      failsWith(await call('addFoodsFromAI', { idpUserId: user }), 'VALIDATION_FAILED', 400);
      failsWith(await call('addFoodsFromAI', { idpUserId: user, foods: {} }), 'VALIDATION_FAILED', 400);
    });

    test('removeFood removes by position; later entries move up; a missing position is NOT_FOUND', async () => {
      clock = noon('2026-03-02');
      const user = newId();
      failsWith(await call('removeFood', { idpUserId: user, foodIndex: 0 }), 'NOT_FOUND', 404);
      for (const [name, calories] of [['A', 100], ['B', 200], ['C', 300]] as const) await add(user, { name, calories });
      failsWith(await call('removeFood', { idpUserId: user, foodIndex: 3 }), 'NOT_FOUND', 404);
      const afterMiddle = ok(await call('removeFood', { idpUserId: user, foodIndex: 1 })).item;
      assert.deepEqual(afterMiddle.entries.map((e: { index: number; name: string }) => [e.index, e.name]), [[0, 'A'], [1, 'C']]);
      assert.equal(afterMiddle.totals.calories, 400);
      const afterFirst = ok(await call('removeFood', { idpUserId: user, foodIndex: 0 })).item;
      assert.deepEqual(afterFirst.entries.map((e: { name: string }) => e.name), ['C']);
      failsWith(await call('removeFood', { idpUserId: user, foodIndex: 1 }), 'NOT_FOUND', 404);
      const added = await add(user, { name: 'D', calories: 1 });
      assert.deepEqual(added.entries.map((e: { index: number; name: string }) => [e.index, e.name]), [[0, 'C'], [1, 'D']]);
    });

    test('removeFood validation: foodIndex an integer, min 0', async () => {
      const user = newId();
      failsWith(await call('removeFood', { idpUserId: user, foodIndex: -1 }), 'VALIDATION_FAILED', 400);
      failsWith(await call('removeFood', { idpUserId: user, foodIndex: 0.5 }), 'VALIDATION_FAILED', 400);
      failsWith(await call('removeFood', { idpUserId: user, foodIndex: '0' }), 'VALIDATION_FAILED', 400);
      failsWith(await call('removeFood', { foodIndex: 0 }), 'VALIDATION_FAILED', 400);
    });

    test('removeFood without foodIndex (optional in the interface) removes the last entry added; none today is NOT_FOUND', async () => {
      clock = noon('2026-03-02');
      const user = newId();
      failsWith(await call('removeFood', { idpUserId: user }), 'NOT_FOUND', 404);
      for (const [name, calories] of [['A', 100], ['B', 200], ['C', 300]] as const) await add(user, { name, calories });
      const undone = ok(await call('removeFood', { idpUserId: user })).item;
      assert.deepEqual(undone.entries.map((e: { name: string }) => e.name), ['A', 'B']);
      assert.equal(undone.totals.calories, 300);
      assert.deepEqual(ok(await call('removeFood', { idpUserId: user, foodIndex: null })).item.entries.map((e: { name: string }) => e.name), ['A']);
      ok(await call('removeFood', { idpUserId: user }));
      failsWith(await call('removeFood', { idpUserId: user }), 'NOT_FOUND', 404);
    });

    test('clearTodayLog empties today only; on a day without a log it changes nothing', async () => {
      const user = newId();
      clock = noon('2026-03-01');
      await add(user, { name: 'Yesterday', calories: 500 });
      clock = noon('2026-03-02');
      const empty = ok(await call('clearTodayLog', { idpUserId: user })).item;
      assert.equal(empty.id, null);
      assert.deepEqual(empty.entries, []);
      await add(user, { name: 'A', calories: 100 });
      await add(user, { name: 'B', calories: 200 });
      const cleared = ok(await call('clearTodayLog', { idpUserId: user })).item;
      assert.deepEqual(cleared.entries, []);
      assert.deepEqual(cleared.totals, { calories: 0, protein: 0, carbs: 0, fat: 0, fiber: 0 });
      assert.equal(cleared.remaining, 2000);
      assert.equal(cleared.withinGoal, false);
      assert.deepEqual(await today(user), cleared);
      const history = ok(await call('getCalorieHistory', { idpUserId: user })).items;
      assert.deepEqual(history.map((d: { date: string }) => d.date), ['2026-03-01'], "yesterday's log is untouched");
      assert.equal(history[0].totals.calories, 500);
      failsWith(await call('clearTodayLog', {}), 'VALIDATION_FAILED', 400);
    });

    test('updateDailyGoal: today and the following days take it, earlier days keep theirs', async () => {
      const user = newId();
      clock = noon('2026-02-27');
      await add(user, { name: 'Lunch', calories: 1500 });
      clock = noon('2026-02-28');
      await add(user, { name: 'Lunch', calories: 1500 });
      const updated = ok(await call('updateDailyGoal', { idpUserId: user, dailyGoal: 1200 })).item;
      assert.equal(updated.dailyGoal, 1200);
      assert.equal(updated.remaining, -300, 'negative when over the goal');
      assert.equal(updated.percent, 125);
      assert.equal(updated.withinGoal, false);
      clock = noon('2026-03-01');
      assert.equal((await today(user)).dailyGoal, 1200, 'a day before its first food shows the goal in force');
      const next = await add(user, { name: 'Soup', calories: 300 });
      assert.equal(next.dailyGoal, 1200);
      assert.equal(next.remaining, 900);
      const history = ok(await call('getCalorieHistory', { idpUserId: user })).items;
      assert.deepEqual(history.map((d: { date: string; dailyGoal: number }) => [d.date, d.dailyGoal]), [
        ['2026-03-01', 1200],
        ['2026-02-28', 1200],
        ['2026-02-27', 2000],
      ]);
      // Without a log today the goal is still kept for the following days.
      const other = newId();
      assert.equal(ok(await call('updateDailyGoal', { idpUserId: other, dailyGoal: 1750.5 })).item.id, null);
      clock = noon('2026-03-05');
      assert.equal((await add(other, { name: 'Tea', calories: 50 })).dailyGoal, 1750.5);
    });

    test('updateDailyGoal validation: required, greater than 0', async () => {
      const user = newId();
      failsWith(await call('updateDailyGoal', { idpUserId: user, dailyGoal: 0 }), 'VALIDATION_FAILED', 400);
      failsWith(await call('updateDailyGoal', { idpUserId: user, dailyGoal: -100 }), 'VALIDATION_FAILED', 400);
      failsWith(await call('updateDailyGoal', { idpUserId: user }), 'VALIDATION_FAILED', 400);
      failsWith(await call('updateDailyGoal', { idpUserId: user, dailyGoal: '2000' }), 'VALIDATION_FAILED', 400);
      assert.equal(ok(await call('updateDailyGoal', { idpUserId: user, dailyGoal: 0.1 })).item.dailyGoal, 0.1);
    });

    test('concurrent addFood calls on the same day all land, each at its own position', async () => {
      clock = noon('2026-03-02');
      const user = newId();
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => call('addFood', { idpUserId: user, name: `F${String(i)}`, calories: 10 })));
      for (const r of responses) ok(r);
      const day = await today(user);
      assert.equal(day.entries.length, 10);
      assert.deepEqual(day.entries.map((e: { index: number }) => e.index), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      assert.equal(new Set(day.entries.map((e: { name: string }) => e.name)).size, 10);
      assert.equal(day.totals.calories, 100);
    });
  },
  { services: { now: () => clock } },
);

describeEachDialect(
  "calorieLogs: today is taken in the service's time zone",
  (t) => {
    test('20:00 UTC on 1 March is already 2 March in Asia/Kolkata', async () => {
      const user = newId();
      const { item } = ok(await t().call('calorieLogs', 'addFood', { idpUserId: user, name: 'Late dinner', calories: 600 }));
      assert.equal(item.date, '2026-03-02');
    });
  },
  { env: { TIME_ZONE: 'Asia/Kolkata' }, services: { now: () => Date.UTC(2026, 2, 1, 20) } },
);
