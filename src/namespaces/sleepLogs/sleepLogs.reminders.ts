import type { ExpressionBuilder, Selectable } from 'kysely';
import { claimDue, stillHeld, type Leased, type LeasedQueue } from '../../background/leased-queue.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { PushProvider } from '../../provider-interfaces.ts';
import { addDays, dateIn, isTimeZone, zonedInstant } from '../../time/zone.ts';
import { newId } from '../../values/ids.ts';
import { toBool } from '../../values/record.ts';
import { activeDevices, deactivateDevices, outcomeOf } from '../notifications/notifications.public.ts';
import { hoursText, minutesOfDay } from './sleepLogs.clock.ts';
import type { SleepRemindersTable } from './sleepLogs.table.ts';

/** A reminder not sent within this long after its time is dropped (`missed`): a late bedtime nudge is noise. */
export const REMINDER_WINDOW_MS = 30 * 60_000;
const SEND_BATCH = 100;

type Kind = 'sleep' | 'wake';

/**
 * Queues the sleep and wake reminders whose time has come (within the window) for every person with
 * a reminder switched on and an active device, in the time zone of that person's most recently seen
 * device (else the service's). One row per person, kind and local date: queued once, whatever the
 * number of runs or processes. Returns how many were queued.
 */
export async function queueDueReminders(db: Db, now: number, fallbackZone: string): Promise<number> {
  const people = await db
    .selectFrom('sleepPreferences')
    .select(['idpUserId', 'sleepTime', 'wakeTime', 'sleepReminderEnabled', 'wakeReminderEnabled'])
    .where((eb) => eb.or([eb('sleepReminderEnabled', '=', true), eb('wakeReminderEnabled', '=', true)]))
    .where((eb) => eb.exists(eb.selectFrom('pushDevices as d').select('d.id').whereRef('d.idpUserId', '=', 'sleepPreferences.idpUserId').where('d.isActive', '=', true)))
    .execute();
  if (people.length === 0) return 0;
  const zones = await zonesOf(db, people.map((p) => p.idpUserId), fallbackZone);
  const due: { idpUserId: string; kind: Kind; localDate: string; dueAt: number }[] = [];
  for (const person of people) {
    const zone = zones.get(person.idpUserId) ?? fallbackZone;
    const today = dateIn(zone, now);
    const wanted: [Kind, string, boolean | null][] = [['sleep', person.sleepTime, toBool(person.sleepReminderEnabled)], ['wake', person.wakeTime, toBool(person.wakeReminderEnabled)]];
    for (const [kind, time, enabled] of wanted) {
      if (!enabled) continue;
      for (const localDate of [addDays(today, -1), today]) {
        const dueAt = zonedInstant(localDate, minutesOfDay(time), zone);
        if (dueAt <= now && now < dueAt + REMINDER_WINDOW_MS) due.push({ idpUserId: person.idpUserId, kind, localDate, dueAt });
      }
    }
  }
  let queued = 0;
  for (const reminder of due) {
    const result = await db
      .insertInto('sleepReminders')
      .values({ id: newId(), ...reminder, state: 'queued', lockedUntil: null, error: null, sentAt: null, createdAt: now })
      .onConflict((oc) => oc.columns(['idpUserId', 'kind', 'localDate']).doNothing())
      .executeTakeFirst();
    queued += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return queued;
}

/** Each person's zone: that of the most recently seen active device that names a valid one. */
async function zonesOf(db: Db, idpUserIds: string[], fallbackZone: string): Promise<Map<string, string>> {
  const zones = new Map<string, string>();
  for (let i = 0; i < idpUserIds.length; i += 500) {
    const devices = await db
      .selectFrom('pushDevices')
      .select(['idpUserId', 'timezone'])
      .where('idpUserId', 'in', idpUserIds.slice(i, i + 500))
      .where('isActive', '=', true)
      .where('timezone', 'is not', null)
      .orderBy('lastSeenAt', 'asc')
      .execute();
    for (const d of devices) if (d.timezone && isTimeZone(d.timezone)) zones.set(d.idpUserId, d.timezone);
  }
  for (const id of idpUserIds) if (!zones.has(id)) zones.set(id, fallbackZone);
  return zones;
}

/**
 * How long a reminder taken for sending is its run's, far beyond one provider request: after it,
 * a reminder whose run stopped midway (the process died) is taken again while in its window.
 */
export const SENDING_LEASE_MS = 2 * 60_000;

type Reminder = Selectable<SleepRemindersTable>;

/** The reminders to send: queued, then `sending` while a run holds them (src/background/leased-queue.ts). */
export const reminderQueue: LeasedQueue<'sleepReminders', Reminder> = {
  table: 'sleepReminders',
  waiting: 'queued',
  leased: 'sending',
  due: 'dueAt',
  read: (db, ids) => db.selectFrom('sleepReminders').selectAll().where('id', 'in', ids).orderBy('dueAt').execute(),
};

/** Reminders a run may take: queued, or taken by a run whose lease has run out. */
const takeable = (now: number) => (eb: ExpressionBuilder<Database, 'sleepReminders'>) =>
  eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'sending'), eb('lockedUntil', '<=', now)])]);

/**
 * Sends what is queued to the person's active devices: the due reminders are taken (`sending`,
 * with a lease) before their provider requests and each is settled after, by this run only while
 * it still holds the lease. A reminder goes out once; twice only if a run stopped after the
 * provider took the request and before settling, and another took it again after the lease. A
 * failed request puts it back for the next run within its window. Reminders past their window, or
 * whose switch was turned off meanwhile, are not sent. Returns how many were sent.
 */
export async function sendQueuedReminders(db: Db, push: PushProvider, now: number): Promise<number> {
  await db
    .updateTable('sleepReminders')
    .set((eb) => ({
      state: 'missed',
      lockedUntil: null,
      error: eb.case().when('state', '=', 'sending').then('its run stopped while sending it, and its window passed').else(eb.ref('error')).end(),
    }))
    .where(takeable(now))
    .where('dueAt', '<', now - REMINDER_WINDOW_MS)
    .execute();
  const taken = await claimDue(db, reminderQueue, { now, leaseMs: SENDING_LEASE_MS, limit: SEND_BATCH });
  const sent = await Promise.all(taken.map((reminder) => sendReminder(db, push, reminder, now)));
  return sent.filter(Boolean).length;
}

/** One reminder to the person's devices, settled while the run still holds it; true when it went out. */
async function sendReminder(db: Db, push: PushProvider, reminder: Leased<Reminder>, now: number): Promise<boolean> {
  const settle = (state: string, error: string | null = null) =>
    db
      .updateTable('sleepReminders')
      .set({ state, error, lockedUntil: null, sentAt: state === 'sent' ? now : null })
      .where(stillHeld(reminderQueue, reminder))
      .execute();
  const prefs = await db.selectFrom('sleepPreferences').selectAll().where('idpUserId', '=', reminder.idpUserId).executeTakeFirst();
  const enabled = reminder.kind === 'sleep' ? prefs?.sleepReminderEnabled : prefs?.wakeReminderEnabled;
  if (!prefs || !toBool(enabled)) {
    await settle('cancelled', 'switched off before it was sent');
    return false;
  }
  const devices = await activeDevices(db, reminder.idpUserId);
  if (devices.length === 0) {
    await settle('failed', 'no active devices');
    return false;
  }
  const text = reminder.kind === 'sleep'
    ? { title: 'Time to get ready for bed', body: `Your bedtime is ${prefs.sleepTime}; your goal is ${hoursText(Number(prefs.sleepGoalMinutes))} of sleep.` }
    : { title: 'Good morning', body: `It is ${prefs.wakeTime}, your wake-up time.` };
  const data = { type: `sleep_${reminder.kind}_reminder`, reminderId: reminder.id, localDate: reminder.localDate };
  try {
    const outcome = outcomeOf(devices, await push.send(devices.map((d) => ({ to: d.providerPushToken, ...text, data }))));
    await deactivateDevices(db, outcome.unregistered, now);
    await settle(outcome.state === 'failed' ? 'failed' : 'sent', outcome.error);
    return outcome.state !== 'failed';
  } catch (error) {
    await settle('queued', error instanceof Error ? error.message : String(error));
    return false;
  }
}
