import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

const noon = (date: string) => Date.parse(`${date}T12:00:00Z`);
let clock = noon('2026-03-02');

describeEachDialect(
  'sleepLogs logs',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>) => t().call('sleepLogs', apiName, data);
    const log = async (data: Record<string, unknown>) => ok(await call('logSleep', data)).item;

    test('logSleep from hoursSlept, against the default goal of 480 minutes', async () => {
      clock = noon('2026-03-02');
      const user = newId();
      const item = await log({ idpUserId: user, date: '2026-03-02', hoursSlept: 7.25, notes: 'woke once' });
      assert.deepEqual(item, {
        id: item.id,
        idpUserId: user,
        date: '2026-03-02',
        hoursSlept: 7.25,
        sleptMinutes: 435,
        bedTime: null,
        wakeTime: null,
        quality: 'good', // 435 / 480 = 90.6 %
        notes: 'woke once',
        goalMinutes: 480,
        goalHours: 8,
        completionPercentage: 90.6,
        createdAt: clock,
        updatedAt: clock,
      });
    });

    test('logSleep from bedTime and wakeTime across midnight, 12-hour text accepted; hoursSlept follows the times', async () => {
      clock = noon('2026-03-02');
      const user = newId();
      const item = await log({ idpUserId: user, date: '2026-03-01', hoursSlept: 5, bedTime: '11:15 PM', wakeTime: '6:45 am' });
      assert.equal(item.bedTime, '23:15');
      assert.equal(item.wakeTime, '06:45');
      assert.equal(item.sleptMinutes, 450);
      assert.equal(item.hoursSlept, 7.5);
      assert.equal(item.quality, 'good'); // 450 / 480 = 93.75 %
      assert.equal(item.completionPercentage, 93.8);
      // Only one of the times, or equal times: minutes from hoursSlept.
      const one = await log({ idpUserId: user, date: '2026-02-28', hoursSlept: 6, bedTime: '23:00' });
      assert.deepEqual([one.sleptMinutes, one.hoursSlept, one.bedTime, one.wakeTime], [360, 6, '23:00', null]);
      const same = await log({ idpUserId: user, date: '2026-02-27', hoursSlept: 8, bedTime: '22:00', wakeTime: '22:00' });
      assert.equal(same.sleptMinutes, 480);
    });

    test('quality against the goal of the preferences, at the boundaries', async () => {
      clock = noon('2026-03-02');
      const user = newId();
      ok(await call('updateSleepPreferences', { idpUserId: user, sleepTime: '23:00', wakeTime: '07:00' })); // 480
      const cases: [number, string][] = [
        [10, 'too_much'], // 600 = 125 %
        [9.99, 'excellent'], // 599
        [7.6, 'excellent'], // 456 = 95 %
        [7.59, 'good'], // 455
        [6.8, 'good'], // 408 = 85 %
        [6.79, 'fair'], // 407
        [5.6, 'fair'], // 336 = 70 %
        [5.59, 'poor'], // 335
        [0, 'poor'],
      ];
      for (const [hoursSlept, quality] of cases) {
        assert.equal((await log({ idpUserId: user, date: '2026-03-02', hoursSlept })).quality, quality, `${String(hoursSlept)} h`);
      }
    });

    test('logging a date again replaces the log; the goal in force is kept with each log', async () => {
      clock = noon('2026-03-02');
      const user = newId();
      const first = await log({ idpUserId: user, date: '2026-03-02', hoursSlept: 6, bedTime: '00:00', wakeTime: '06:00', notes: 'late' });
      clock = noon('2026-03-02') + 60_000;
      const again = await log({ idpUserId: user, date: '2026-03-02', hoursSlept: 8 });
      assert.equal(again.id, first.id);
      assert.deepEqual([again.sleptMinutes, again.bedTime, again.wakeTime, again.notes, again.quality], [480, null, null, null, 'excellent']);
      assert.equal(again.createdAt, first.createdAt);
      assert.equal(again.updatedAt, clock);
      assert.equal(ok(await call('getSleepHistory', { idpUserId: user })).items.length, 1);

      ok(await call('updateSleepPreferences', { idpUserId: user, sleepGoalMinutes: 600, allowManualGoalUpdate: true, sleepTime: '22:00', wakeTime: '08:00' }));
      const history = ok(await call('getSleepHistory', { idpUserId: user })).items;
      assert.equal(history[0].goalMinutes, 480, 'an earlier log keeps its goal and quality');
      assert.equal(history[0].quality, 'excellent');
      const later = await log({ idpUserId: user, date: '2026-03-02', hoursSlept: 8 });
      assert.deepEqual([later.goalMinutes, later.goalHours, later.quality, later.completionPercentage], [600, 10, 'fair', 80]);
    });

    test('logSleep validation: date and hoursSlept required, hoursSlept 0 to 24, times HH:mm or 12-hour text', async () => {
      const user = newId();
      const base = { idpUserId: user, date: '2026-03-02', hoursSlept: 7 };
      const error = failsWith(await call('logSleep', { idpUserId: user, date: '2026-02-30', hoursSlept: -0.01 }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['date', 'hoursSlept']);
      failsWith(await call('logSleep', { idpUserId: user, hoursSlept: 7 }), 'VALIDATION_FAILED', 400);
      failsWith(await call('logSleep', { idpUserId: user, date: '2026-03-02' }), 'VALIDATION_FAILED', 400);
      failsWith(await call('logSleep', { ...base, hoursSlept: null }), 'VALIDATION_FAILED', 400);
      failsWith(await call('logSleep', { ...base, hoursSlept: 24.01 }), 'VALIDATION_FAILED', 400);
      failsWith(await call('logSleep', { ...base, bedTime: '25:00' }), 'VALIDATION_FAILED', 400);
      failsWith(await call('logSleep', { ...base, wakeTime: '7' }), 'VALIDATION_FAILED', 400);
      failsWith(await call('logSleep', { ...base, idpUserId: '' }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(ok(await call('getSleepHistory', { idpUserId: user })).items, []);
      assert.equal((await log({ ...base, hoursSlept: 0 })).sleptMinutes, 0);
      assert.equal((await log({ ...base, hoursSlept: 24 })).sleptMinutes, 1440);
    });

    test('getTodaySleep: the log dated today in the interface shape; without one, null log fields', async () => {
      clock = noon('2026-03-02');
      const user = newId();
      assert.deepEqual(ok(await call('getTodaySleep', { idpUserId: user })), {
        _id: null,
        patientProfileId: null,
        idpUserId: user,
        date: '2026-03-02',
        hoursSlept: null,
        quality: null,
        bedTime: null,
        wakeTime: null,
        sleptMinutes: null,
        goalMinutes: 480,
        goalHours: 8,
        completionPercentage: null,
      });
      await log({ idpUserId: user, date: '2026-03-01', hoursSlept: 9 });
      assert.equal(ok(await call('getTodaySleep', { idpUserId: user }))._id, null, "yesterday's log is not today's");
      const item = await log({ idpUserId: user, date: '2026-03-02', hoursSlept: 3, bedTime: '10:30 PM', wakeTime: '5:45 AM' });
      assert.deepEqual(ok(await call('getTodaySleep', { idpUserId: user })), {
        _id: item.id,
        patientProfileId: null,
        idpUserId: user,
        date: '2026-03-02',
        hoursSlept: 7.25,
        quality: 'good', // 435 / 480 = 90.6 %
        bedTime: '22:30',
        wakeTime: '05:45',
        sleptMinutes: 435,
        goalMinutes: 480,
        goalHours: 8,
        completionPercentage: 90.6,
      });
      failsWith(await call('getTodaySleep', {}), 'VALIDATION_FAILED', 400);
    });

    test('getSleepHistory: newest date first, limit 1 to 365 (default 30)', async () => {
      const user = newId();
      for (const date of ['2026-02-27', '2026-03-01', '2026-02-28']) await log({ idpUserId: user, date, hoursSlept: 7 });
      const all = ok(await call('getSleepHistory', { idpUserId: user })).items;
      assert.deepEqual(all.map((l: { date: string }) => l.date), ['2026-03-01', '2026-02-28', '2026-02-27']);
      assert.deepEqual(ok(await call('getSleepHistory', { idpUserId: user, limit: 1 })).items.map((l: { date: string }) => l.date), ['2026-03-01']);
      assert.equal(ok(await call('getSleepHistory', { idpUserId: user, limit: 365 })).items.length, 3);
      for (const limit of [0, 366, 2.5, '5']) failsWith(await call('getSleepHistory', { idpUserId: user, limit }), 'VALIDATION_FAILED', 400);
      const many = newId();
      const january = Array.from({ length: 31 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);
      for (const date of january) await log({ idpUserId: many, date, hoursSlept: 7 });
      const page = ok(await call('getSleepHistory', { idpUserId: many })).items;
      assert.equal(page.length, 30);
      assert.equal(page[0].date, '2026-01-31');
      assert.equal(page[29].date, '2026-01-02');
    });

    test("deleteSleepLog: own logs only; another person's log id is NOT_FOUND and stays", async () => {
      const owner = newId();
      const other = newId();
      const mine = await log({ idpUserId: owner, date: '2026-03-01', hoursSlept: 7 });
      const theirs = await log({ idpUserId: other, date: '2026-03-01', hoursSlept: 7 });
      failsWith(await call('deleteSleepLog', { idpUserId: owner, logId: theirs.id }), 'NOT_FOUND', 404);
      assert.equal(ok(await call('getSleepHistory', { idpUserId: other })).items.length, 1);
      assert.deepEqual(ok(await call('deleteSleepLog', { idpUserId: owner, logId: mine.id })), { id: mine.id, deleted: true });
      assert.deepEqual(ok(await call('getSleepHistory', { idpUserId: owner })).items, []);
      failsWith(await call('deleteSleepLog', { idpUserId: owner, logId: mine.id }), 'NOT_FOUND', 404);
      failsWith(await call('deleteSleepLog', { idpUserId: owner }), 'VALIDATION_FAILED', 400);
      failsWith(await call('deleteSleepLog', { idpUserId: owner, logId: '' }), 'VALIDATION_FAILED', 400);
    });
  },
  { services: { now: () => clock } },
);
