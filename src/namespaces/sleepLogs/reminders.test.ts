import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { JobRunner } from '../../background/runner.ts';
import { httpPush } from '../../providers/http-push.ts';
import { createServices } from '../../providers/index.ts';
import { newId } from '../../values/ids.ts';
import { startFakePush } from '../notifications/notifications.testkit.ts';
import type { PushProvider } from '../../provider-interfaces.ts';
import { sleepReminders } from './sleepLogs.jobs.ts';
import { SENDING_LEASE_MS, sendQueuedReminders } from './sleepLogs.reminders.ts';

const fake = await startFakePush();
after(() => fake.close());

/** America/New_York: 2030-03-10 is the day clocks go forward (02:00 -> 03:00), UTC-5 before and UTC-4 after. */
const ny = (local: string, offset: '-05:00' | '-04:00') => Date.parse(`${local}:00${offset}`);
let clock = ny('2030-03-08T12:00', '-05:00');

describeEachDialect(
  'sleepLogs: sleep and wake reminders',
  (t) => {
    const token = () => `ExponentPushToken[ok-${newId()}]`;
    const run = (push = true) =>
      new JobRunner({
        database: t().database,
        config: t().config,
        services: { ...createServices(t().config, t().app.log), push: push ? httpPush(fake.url, fake.key) : undefined },
        log: t().app.log,
        jobs: [sleepReminders],
        now: () => clock,
      }).runDue();
    /** Runs the job at each local minute given (the job is due every minute). */
    const runAt = async (instants: number[], push = true) => {
      for (const at of instants) {
        clock = at;
        await run(push);
      }
    };
    async function person(prefs: Record<string, unknown>, timezone: string | null = 'America/New_York'): Promise<{ idpUserId: string; device: string }> {
      const idpUserId = newId();
      const device = token();
      ok(await t().call('pushDevices', 'create', { idpUserId, platform: 'ios', providerPushToken: device, ...(timezone ? { timezone } : {}) }));
      ok(await t().call('sleepLogs', 'updateSleepPreferences', { idpUserId, sleepTime: '22:30', wakeTime: '06:30', ...prefs }));
      return { idpUserId, device };
    }

    test('each switched-on reminder goes to the person\'s devices once, at the local time, across a daylight-saving change', async () => {
      const both = await person({ sleepReminderEnabled: true, wakeReminderEnabled: true });
      const wakeOnly = await person({ wakeReminderEnabled: true });
      const none = await person({});
      await runAt([ny('2030-03-09T22:29', '-05:00')]);
      assert.equal(fake.to(both.device).length, 0, 'a minute early: nothing');
      await runAt([ny('2030-03-09T22:30', '-05:00'), ny('2030-03-09T22:31', '-05:00'), ny('2030-03-09T22:45', '-05:00')]);
      const evening = fake.to(both.device);
      assert.equal(evening.length, 1, 'once, however many runs');
      assert.equal(evening[0]!.title, 'Time to get ready for bed');
      assert.equal(evening[0]!.body, 'Your bedtime is 22:30; your goal is 8h 0m of sleep.');
      assert.equal(evening[0]!.data.type, 'sleep_sleep_reminder');
      assert.equal(fake.to(wakeOnly.device).length, 0);
      // The night the clocks go forward: 06:30 local is 10:30 UTC, not 11:30.
      await runAt([ny('2030-03-10T06:29', '-04:00'), ny('2030-03-10T06:30', '-04:00'), ny('2030-03-10T06:31', '-04:00')]);
      assert.deepEqual(fake.to(both.device).map((m) => m.title), ['Time to get ready for bed', 'Good morning']);
      assert.deepEqual(fake.to(wakeOnly.device).map((m) => m.body), ['It is 06:30, your wake-up time.']);
      assert.equal(fake.to(none.device).length, 0, 'switches off: nothing');
      const rows = await t().database.db.selectFrom('sleepReminders').select(['kind', 'localDate', 'state']).where('idpUserId', '=', both.idpUserId).orderBy('dueAt').execute();
      assert.deepEqual(rows.map((r) => ({ ...r })), [
        { kind: 'sleep', localDate: '2030-03-09', state: 'sent' },
        { kind: 'wake', localDate: '2030-03-10', state: 'sent' },
      ]);
    });

    test('without a device zone the service zone is used; a reminder switched off before sending, or not sent within 30 minutes, never goes', async () => {
      const utc = await person({ sleepReminderEnabled: true }, null);
      // The test service runs in UTC: 22:30 UTC.
      await runAt([Date.parse('2030-03-12T22:30:00Z')]);
      assert.equal(fake.to(utc.device).length, 1);

      const late = await person({ wakeReminderEnabled: true });
      await runAt([ny('2030-03-13T06:30', '-04:00')], false);
      assert.equal(fake.to(late.device).length, 0, 'no provider: queued only');
      await runAt([ny('2030-03-13T07:01', '-04:00')]);
      assert.equal(fake.to(late.device).length, 0, 'more than 30 minutes late: dropped');
      const state = await t().database.db.selectFrom('sleepReminders').select('state').where('idpUserId', '=', late.idpUserId).executeTakeFirstOrThrow();
      assert.equal(state.state, 'missed');

      const changed = await person({ sleepReminderEnabled: true });
      await runAt([ny('2030-03-14T22:30', '-04:00')], false);
      ok(await t().call('sleepLogs', 'updateSleepPreferences', { idpUserId: changed.idpUserId, sleepReminderEnabled: false }));
      await runAt([ny('2030-03-14T22:32', '-04:00')]);
      assert.equal(fake.to(changed.device).length, 0, 'switched off meanwhile');
    });

    const reminderOf = (idpUserId: string) => t().database.db.selectFrom('sleepReminders').select(['state', 'lockedUntil', 'error']).where('idpUserId', '=', idpUserId).executeTakeFirstOrThrow();
    /** As if a run took the reminder at `at` and its process died before settling it. */
    const takenByADeadRun = (idpUserId: string, at: number) =>
      t().database.db.updateTable('sleepReminders').set({ state: 'sending', lockedUntil: at + SENDING_LEASE_MS }).where('idpUserId', '=', idpUserId).execute();

    test('a reminder whose run died while sending is taken again after its lease, within its window; past the window it is missed, saying why', async () => {
      const again = await person({ sleepReminderEnabled: true });
      const late = await person({ wakeReminderEnabled: true });
      await runAt([ny('2030-03-16T22:30', '-04:00')], false);
      await takenByADeadRun(again.idpUserId, clock);
      await runAt([ny('2030-03-16T22:31', '-04:00')]);
      assert.equal(fake.to(again.device).length, 0, 'the lease still holds');
      assert.equal((await reminderOf(again.idpUserId)).state, 'sending');
      await runAt([ny('2030-03-16T22:33', '-04:00')]);
      assert.equal(fake.to(again.device).length, 1, 'taken again once the lease ran out');
      assert.deepEqual({ ...(await reminderOf(again.idpUserId)) }, { state: 'sent', lockedUntil: null, error: null });

      await runAt([ny('2030-03-17T06:30', '-04:00')], false);
      await takenByADeadRun(late.idpUserId, clock);
      await runAt([ny('2030-03-17T07:01', '-04:00')]);
      assert.equal(fake.to(late.device).length, 0);
      assert.deepEqual({ ...(await reminderOf(late.idpUserId)) }, { state: 'missed', lockedUntil: null, error: 'its run stopped while sending it, and its window passed' });
    });

    test('a run that lost its lease writes nothing: the run that took the reminder over settles it', async () => {
      // A bedtime of its own: the only reminder due at that minute.
      const p = await person({ sleepReminderEnabled: true, sleepTime: '21:47' });
      await runAt([ny('2030-03-18T21:47', '-04:00')], false);
      const db = t().database.db;
      // The first run's request outlives its lease; a second run takes the reminder over, and its
      // request is still out when the first one fails and settles.
      let secondInFlight!: () => void;
      const secondStarted = new Promise<void>((resolve) => (secondInFlight = resolve));
      let releaseSecond!: () => void;
      const secondMayAnswer = new Promise<void>((resolve) => (releaseSecond = resolve));
      const secondProvider: PushProvider = {
        send: async (messages) => {
          secondInFlight();
          await secondMayAnswer;
          return httpPush(fake.url, fake.key).send(messages);
        },
      };
      let second!: Promise<number>;
      const stalled: PushProvider = {
        send: async () => {
          clock += SENDING_LEASE_MS + 60_000;
          second = sendQueuedReminders(db, secondProvider, clock);
          await secondStarted;
          throw new Error('the request timed out');
        },
      };
      assert.equal(await sendQueuedReminders(db, stalled, clock), 0);
      assert.equal((await reminderOf(p.idpUserId)).state, 'sending', 'the first run did not put it back: the second holds it');
      releaseSecond();
      assert.equal(await second, 1);
      assert.deepEqual({ ...(await reminderOf(p.idpUserId)) }, { state: 'sent', lockedUntil: null, error: null });
      await runAt([clock + 60_000]);
      assert.equal(fake.to(p.device).length, 1, 'sent once');
    });
  },
  { services: { now: () => clock } },
);

