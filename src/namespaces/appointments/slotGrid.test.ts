import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { schedule, schedules } from '../practitionerSchedules/practitionerSchedules.testkit.ts';
import { clockChanges } from '../../time/clock-changes.testkit.ts';
import { MINUTES_PER_DAY, minuteOfDay, timeOfDay } from '../../time/local-minutes.ts';
import { weekday } from '../../time/zone.ts';
import { appointments, booking, clinic, organization } from './appointments.testkit.ts';

const NOW = Date.UTC(2030, 0, 15, 9, 0);

/** The slot grid is the schedule's, in wall-clock time: leave, a reserved block, an appointment or a clock change remove slots, never move the later ones. */
describeEachDialect(
  'appointments.findSlots: slots stay on the schedule\'s grid',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>) => appointments(t())(apiName, data);
    const times = (data: { items: { time: string }[] }) => data.items.map((s) => s.time);
    async function scheduled(timezone: string, data: Record<string, unknown>) {
      const c = await clinic(t(), { org: await organization(t(), { timezone }) });
      ok(await schedules(t())('create', schedule(c.org, c.doctor.userId, data)));
      const slotsOn = async (date: string) => times(ok(await call('findSlots', { organizationId: c.org, doctorId: c.doctor.userId, dateFrom: date, dateTo: date })));
      return { c, slotsOn };
    }
    const hourly = ['09:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];

    test('a 20-minute leave, reserved block or appointment at 10:00 removes the 10:00 slot of an hourly 09:00-17:00 day and moves no other', async () => {
      // 2030-03-04, -11 and -18 are Mondays.
      const { c, slotsOn } = await scheduled('Europe/Berlin', {
        slotMinutes: 60,
        weeklyHours: [{ weekday: 1, startTime: '09:00', endTime: '17:00' }],
        exceptions: [{ kind: 'leave', dateFrom: '2030-03-04', startTime: '10:00', endTime: '10:20' }],
      });
      assert.deepEqual(await slotsOn('2030-03-04'), hourly);
      ok(await call('createReservedSlotByDoctor', { doctorId: c.doctor.userId, slotDate: '2030-03-11', startTime: ['10:00'], endTime: ['10:20'] }));
      assert.deepEqual(await slotsOn('2030-03-11'), hourly);
      ok(await call('create', booking(c, { scheduledDate: '2030-03-18', scheduledTime: '10:00', duration: 20 })));
      assert.deepEqual(await slotsOn('2030-03-18'), hourly);
      for (const time of ['11:00', '16:00']) ok(await call('createPending', booking(c, { scheduledDate: '2030-03-04', scheduledTime: time, duration: 60 })));
    });

    test('a leave over the start of the day and one of several hours keep the rest of the grid', async () => {
      const { slotsOn } = await scheduled('UTC', {
        slotMinutes: 45,
        weeklyHours: [{ weekday: 1, startTime: '09:00', endTime: '17:00' }],
        exceptions: [
          { kind: 'leave', dateFrom: '2030-03-04', startTime: '08:00', endTime: '09:10' },
          { kind: 'leave', dateFrom: '2030-03-04', startTime: '11:00', endTime: '13:05' },
        ],
      });
      // The grid: 09:00, 09:45, 10:30, 11:15, 12:00, 12:45, 13:30, 14:15, 15:00, 15:45 (16:30 has no room).
      assert.deepEqual(await slotsOn('2030-03-04'), ['09:45', '13:30', '14:15', '15:00', '15:45']);
    });

    test('Australia/Lord_Howe, 2030-10-06 (clocks go from 02:00 to 02:30): the slot in the gap is gone, the later ones stay on the hour', async () => {
      const { c, slotsOn } = await scheduled('Australia/Lord_Howe', { slotMinutes: 60, weeklyHours: [{ weekday: 0, startTime: '00:00', endTime: '06:00' }] });
      assert.deepEqual(await slotsOn('2030-10-06'), ['00:00', '01:00', '03:00', '04:00', '05:00']);
      // The fall-back day (2030-04-07, 02:00 back to 01:30): each wall-clock slot once.
      assert.deepEqual(await slotsOn('2030-04-07'), ['00:00', '01:00', '02:00', '03:00', '04:00', '05:00']);
      // Bookings as before: an offered slot books; a time in the gap is refused; one off the grid within the hours books.
      ok(await call('createPending', booking(c, { scheduledDate: '2030-10-06', scheduledTime: '03:00', duration: 60 })));
      failsWith(await call('create', booking(c, { scheduledDate: '2030-10-06', scheduledTime: '02:10', duration: 10 })), 'INVALID_STATE', 409);
      ok(await call('create', booking(c, { scheduledDate: '2030-10-06', scheduledTime: '04:30', duration: 30 })));
      assert.deepEqual(await slotsOn('2030-10-06'), ['00:00', '01:00', '05:00']);
    });

    test('a sample of 2030\'s clock changes through the envelope: each slot once, on the grid, none in a skipped time, each bookable by createPending', async () => {
      // A jump at midnight (Cairo), a repeated hour before midnight (Santiago), two hours (Troll), half an hour (Lord Howe), the usual one (New York).
      const sample = clockChanges(2030, ['Africa/Cairo', 'America/Santiago', 'Antarctica/Troll', 'Australia/Lord_Howe', 'America/New_York']);
      assert.equal(sample.length, 10);
      for (const change of sample) {
        const start = Math.max(0, change.minute - 120);
        const end = Math.min(MINUTES_PER_DAY, change.minute + change.length + 120);
        const skipped = change.after > change.before ? { start: change.minute, end: change.minute + change.length } : { start: 0, end: 0 };
        const { c, slotsOn } = await scheduled(change.timeZone, { slotMinutes: 40, weeklyHours: [{ weekday: weekday(change.date), startTime: timeOfDay(start), endTime: timeOfDay(end) }] });
        const offered = (await slotsOn(change.date)).map(minuteOfDay);
        const grid = Array.from({ length: Math.floor((end - start) / 40) }, (_, k) => start + k * 40);
        assert.deepEqual(offered, grid.filter((s) => s + 40 <= skipped.start || s >= skipped.end), `${change.timeZone} ${change.date}`);
        for (const s of offered) ok(await call('createPending', booking(c, { scheduledDate: change.date, scheduledTime: timeOfDay(s), duration: 40 })));
        assert.deepEqual(await slotsOn(change.date), []);
      }
    });
  },
  { services: { now: () => NOW } },
);
