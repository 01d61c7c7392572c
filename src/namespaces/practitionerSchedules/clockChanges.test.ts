import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { clockChanges, type ClockChange } from '../../time/clock-changes.testkit.ts';
import { dayStartMinute, MINUTES_PER_DAY, timeOfDay } from '../../time/local-minutes.ts';
import { addDays, wallTime, weekday } from '../../time/zone.ts';
import { isWorkingTime, slotsOn, type ScheduleRules } from './practitionerSchedules.availability.ts';

const changes = clockChanges(2030);
const MS_PER_MINUTE = 60_000;

/** Whether the wall-clock minute `minute` of `date` is a time the zone's clocks show (either offset of the change reads it back). */
function happens(change: ClockChange, date: string, minute: number): boolean {
  const wall = dayStartMinute(date) * MS_PER_MINUTE + minute * MS_PER_MINUTE;
  return [change.before, change.after].some((offset) => {
    const w = wallTime(change.timeZone, wall - offset * MS_PER_MINUTE);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) === wall;
  });
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

/** A schedule of one range on the day of the change, around it, with an optional leave that day. */
function scheduleAround(change: ClockChange) {
  const changeEnd = Math.min(change.minute + change.length, MINUTES_PER_DAY);
  return fc.record({
    start: fc.integer({ min: Math.max(0, change.minute - 300), max: change.minute }),
    end: fc.integer({ min: changeEnd, max: Math.min(MINUTES_PER_DAY, changeEnd + 300) }),
    slotMinutes: fc.integer({ min: 5, max: 120 }),
    duration: fc.option(fc.integer({ min: 5, max: 120 }), { nil: undefined }),
    leave: fc.option(fc.integer({ min: 0, max: MINUTES_PER_DAY - 1 }).chain((s) => fc.integer({ min: s + 1, max: MINUTES_PER_DAY }).map((e) => ({ start: s, end: e }))), { nil: undefined }),
  });
}

test(`every zone's clock changes of 2030 (${String(changes.length)}): the slots are times that happen, once each, on the schedule's grid, all bookable; the rest of the grid is not`, () => {
  assert.ok(changes.length > 200, 'the zones change their clocks some 250 times a year');
  for (const change of changes) {
    const gap = change.after > change.before ? { start: change.minute, end: change.minute + change.length } : null;
    fc.assert(
      fc.property(scheduleAround(change), ({ start, end, slotMinutes, duration = slotMinutes, leave }) => {
        const rules: ScheduleRules & { slotMinutes: number } = {
          slotMinutes,
          validFrom: addDays(change.date, -7),
          validTo: null,
          weeklyHours: [{ weekday: weekday(change.date), startTime: timeOfDay(start), endTime: timeOfDay(end) }],
          exceptions: leave ? [{ kind: 'leave', dateFrom: change.date, dateTo: null, startTime: timeOfDay(leave.start), endTime: timeOfDay(leave.end), note: null }] : [],
        };
        const where = `${change.timeZone} ${change.date}`;
        const offered = slotsOn(rules, change.date, change.timeZone, duration);
        const day = dayStartMinute(change.date);
        const bookable = (s: number) => isWorkingTime([rules], { start: day + s, end: day + s + duration }, change.timeZone);
        for (const [i, s] of offered.entries()) {
          assert.ok(i === 0 || offered[i - 1]! < s, `${where}: offered once, in order: ${timeOfDay(s)}`);
          assert.equal((s - start) % slotMinutes, 0, `${where}: on the grid: ${timeOfDay(s)}`);
          assert.ok(happens(change, change.date, s), `${where}: ${timeOfDay(s)} happens`);
          assert.ok(bookable(s), `${where}: ${timeOfDay(s)} bookable`);
        }
        // The grid less exactly the slots the gap or the leave touches: nothing moved, nothing else removed, and those refused by the booking too.
        for (let s = start; s + duration <= end; s += slotMinutes) {
          const slot = { start: s, end: s + duration };
          const removed = (gap !== null && overlaps(slot, gap)) || (leave !== undefined && overlaps(slot, leave));
          assert.equal(offered.includes(s), !removed, `${where}: ${timeOfDay(s)} ${removed ? 'removed' : 'offered'}`);
          assert.equal(bookable(s), !removed, `${where}: ${timeOfDay(s)} ${removed ? 'refused' : 'bookable'}`);
        }
      }),
      { numRuns: 20 },
    );
  }
});
