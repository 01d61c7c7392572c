import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

const NOW = Date.UTC(2026, 2, 2, 12);

describeEachDialect(
  'sleepLogs preferences',
  (t) => {
    const update = (data: Record<string, unknown>) => t().call('sleepLogs', 'updateSleepPreferences', data);
    const get = async (idpUserId: string) => ok(await t().call('sleepLogs', 'getSleepPreferences', { idpUserId }));

    test('getSleepPreferences before the first setup: the defaults in use, id and times null', async () => {
      const user = newId();
      assert.deepEqual(await get(user), {
        id: null,
        patientId: null,
        idpUserId: user,
        sleepTime: null,
        wakeTime: null,
        sleepGoalMinutes: 480,
        sleepGoalHours: '8h 0m',
        sleepReminderEnabled: false,
        wakeReminderEnabled: false,
        createdAt: null,
        updatedAt: null,
      });
      failsWith(await t().call('sleepLogs', 'getSleepPreferences', {}), 'VALIDATION_FAILED', 400);
    });

    test('first setup with 12-hour text: stored as HH:mm, goal derived across midnight', async () => {
      const user = newId();
      const prefs = ok(await update({ idpUserId: user, sleepTime: '10:30 PM', wakeTime: '06:45am', sleepReminderEnabled: true }));
      assert.equal(typeof prefs.id, 'string');
      assert.deepEqual(prefs, {
        id: prefs.id,
        patientId: null,
        idpUserId: user,
        sleepTime: '22:30',
        wakeTime: '06:45',
        sleepGoalMinutes: 495, // 22:30 -> 06:45
        sleepGoalHours: '8h 15m',
        sleepReminderEnabled: true,
        wakeReminderEnabled: false,
        createdAt: NOW,
        updatedAt: NOW,
      });
      assert.deepEqual(await get(user), prefs);
    });

    test('sleepTime and wakeTime are required on the first setup', async () => {
      const user = newId();
      const both = failsWith(await update({ idpUserId: user, sleepReminderEnabled: true }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(both.details!.map((d) => d.path), ['sleepTime', 'wakeTime']);
      const one = failsWith(await update({ idpUserId: user, sleepTime: '22:00' }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(one.details!.map((d) => d.path), ['wakeTime']);
      assert.equal((await get(user)).id, null, 'nothing stored');
    });

    test('later updates: reminder-only keeps times and goal; one new time re-derives the goal', async () => {
      const user = newId();
      ok(await update({ idpUserId: user, sleepTime: '23:00', wakeTime: '07:00' }));
      const reminders = ok(await update({ idpUserId: user, wakeReminderEnabled: true }));
      assert.equal(reminders.sleepTime, '23:00');
      assert.equal(reminders.wakeTime, '07:00');
      assert.equal(reminders.sleepGoalMinutes, 480);
      assert.equal(reminders.wakeReminderEnabled, true);
      assert.equal(reminders.sleepReminderEnabled, false);
      const earlier = ok(await update({ idpUserId: user, sleepTime: '9:30 pm' }));
      assert.equal(earlier.sleepTime, '21:30');
      assert.equal(earlier.sleepGoalMinutes, 570);
      assert.equal(earlier.sleepGoalHours, '9h 30m');
      assert.equal(earlier.wakeReminderEnabled, true, 'an omitted switch is kept');
      assert.equal(earlier.id, reminders.id);
      const off = ok(await update({ idpUserId: user, wakeReminderEnabled: null }));
      assert.equal(off.wakeReminderEnabled, false, 'null turns a switch off');
    });

    test('a manual goal is used only with allowManualGoalUpdate; 240 and 900 accepted', async () => {
      const user = newId();
      const ignored = ok(await update({ idpUserId: user, sleepTime: '23:00', wakeTime: '07:00', sleepGoalMinutes: 420 }));
      assert.equal(ignored.sleepGoalMinutes, 480, 'without the switch the goal is derived');
      assert.equal(ok(await update({ idpUserId: user, sleepGoalMinutes: 420, allowManualGoalUpdate: true })).sleepGoalMinutes, 420);
      assert.equal(ok(await update({ idpUserId: user, sleepGoalMinutes: 240, allowManualGoalUpdate: true })).sleepGoalHours, '4h 0m');
      const max = ok(await update({ idpUserId: user, sleepGoalMinutes: 900, allowManualGoalUpdate: true }));
      assert.equal(max.sleepGoalMinutes, 900);
      assert.equal(max.sleepGoalHours, '15h 0m');
      assert.equal(ok(await update({ idpUserId: user, sleepReminderEnabled: true })).sleepGoalMinutes, 900, 'reminder-only keeps a manual goal');
      assert.equal(ok(await update({ idpUserId: user, sleepGoalMinutes: 300, allowManualGoalUpdate: false })).sleepGoalMinutes, 900);
      assert.equal(ok(await update({ idpUserId: user, sleepGoalMinutes: null, allowManualGoalUpdate: true })).sleepGoalMinutes, 480, 'null: back to the derived goal');
      // A manual goal on first setup, with a span that alone would be refused.
      const other = newId();
      const manual = ok(await update({ idpUserId: other, sleepTime: '01:00', wakeTime: '04:00', sleepGoalMinutes: 450, allowManualGoalUpdate: true }));
      assert.equal(manual.sleepGoalMinutes, 450);
    });

    test('validation: sleepGoalMinutes 240 to 900 (an integer), times HH:mm or 12-hour text, switches booleans', async () => {
      const user = newId();
      const base = { idpUserId: user, sleepTime: '23:00', wakeTime: '07:00', allowManualGoalUpdate: true };
      for (const sleepGoalMinutes of [239, 901, 450.5, '450']) {
        failsWith(await update({ ...base, sleepGoalMinutes }), 'VALIDATION_FAILED', 400);
      }
      // The bound holds whether or not the override is on.
      failsWith(await update({ ...base, allowManualGoalUpdate: false, sleepGoalMinutes: 100 }), 'VALIDATION_FAILED', 400);
      for (const sleepTime of ['24:00', '7:05', '13 PM', '', null, 2230]) {
        const error = failsWith(await update({ ...base, sleepTime }), 'VALIDATION_FAILED', 400);
        assert.equal(error.details![0]!.path, 'sleepTime');
      }
      failsWith(await update({ ...base, sleepReminderEnabled: 'yes' }), 'VALIDATION_FAILED', 400);
      failsWith(await update({ ...base, allowManualGoalUpdate: null }), 'VALIDATION_FAILED', 400);
      assert.equal((await get(user)).id, null);
    });

    test('a derived goal outside 240 to 900 minutes is refused (likely AM / PM swapped)', async () => {
      const user = newId();
      const short = failsWith(await update({ idpUserId: user, sleepTime: '10:30 AM', wakeTime: '1:30 PM' }), 'VALIDATION_FAILED', 400);
      assert.equal(short.details![0]!.path, 'wakeTime');
      failsWith(await update({ idpUserId: user, sleepTime: '20:00', wakeTime: '11:01' }), 'VALIDATION_FAILED', 400); // 901
      failsWith(await update({ idpUserId: user, sleepTime: '07:00', wakeTime: '07:00' }), 'VALIDATION_FAILED', 400); // 0
      assert.equal(ok(await update({ idpUserId: user, sleepTime: '03:00', wakeTime: '07:00' })).sleepGoalMinutes, 240);
      assert.equal(ok(await update({ idpUserId: user, sleepTime: '20:00', wakeTime: '11:00' })).sleepGoalMinutes, 900);
    });
  },
  { services: { now: () => NOW } },
);
