import assert from 'node:assert/strict';
import { test } from 'node:test';
import { availableOn, missingMinutes, slotsOn, slotStarts, type ScheduleRules } from './practitionerSchedules.availability.ts';

const at = (h: number, m = 0) => h * 60 + m;
const rules = (data: Partial<ScheduleRules> = {}): ScheduleRules => ({
  validFrom: '2026-01-01',
  validTo: null,
  weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startTime: '01:00', endTime: '04:00' })),
  exceptions: [],
  ...data,
});

test('missingMinutes: the spring-forward gap in the wall clock, none on other days', () => {
  assert.deepEqual(missingMinutes('2026-03-29', 'Europe/Berlin'), { start: at(2), end: at(3) });
  assert.deepEqual(missingMinutes('2026-03-08', 'America/New_York'), { start: at(2), end: at(3) });
  assert.deepEqual(missingMinutes('2026-10-04', 'Australia/Lord_Howe'), { start: at(2), end: at(2, 30) });
  for (const [date, zone] of [['2026-03-28', 'Europe/Berlin'], ['2026-10-25', 'Europe/Berlin'], ['2026-03-29', 'UTC'], ['2026-03-29', 'Asia/Kolkata']]) {
    assert.equal(missingMinutes(date!, zone!), null, `${date} ${zone}`);
  }
});

test('availableOn: a spring-forward day loses the missing hour; a fall-back day keeps its wall-clock hours once', () => {
  assert.deepEqual(availableOn(rules(), '2026-03-29', 'Europe/Berlin'), [{ start: at(1), end: at(2) }, { start: at(3), end: at(4) }]);
  assert.deepEqual(slotStarts(availableOn(rules(), '2026-03-29', 'Europe/Berlin'), 30, 30), [at(1), at(1, 30), at(3), at(3, 30)]);
  assert.deepEqual(availableOn(rules(), '2026-10-25', 'Europe/Berlin'), [{ start: at(1), end: at(4) }]);
  assert.equal(slotStarts(availableOn(rules(), '2026-10-25', 'Europe/Berlin'), 30, 30).length, 6);
  assert.deepEqual(availableOn(rules(), '2026-03-29', 'UTC'), [{ start: at(1), end: at(4) }]);
});

test('availableOn: validity, leave (whole days and a time range) and extra sessions', () => {
  const r = rules({
    validFrom: '2026-05-01',
    validTo: '2026-05-31',
    exceptions: [
      { kind: 'leave', dateFrom: '2026-05-10', dateTo: '2026-05-11', startTime: null, endTime: null, note: null },
      { kind: 'leave', dateFrom: '2026-05-12', dateTo: null, startTime: '02:00', endTime: '02:30', note: null },
      { kind: 'extra', dateFrom: '2026-05-13', dateTo: null, startTime: '03:30', endTime: '06:00', note: null },
      { kind: 'extra', dateFrom: '2026-05-14', dateTo: null, startTime: '08:00', endTime: '09:00', note: null },
    ],
  });
  const zone = 'Europe/Berlin';
  assert.deepEqual(availableOn(r, '2026-04-30', zone), []);
  assert.deepEqual(availableOn(r, '2026-06-01', zone), []);
  assert.deepEqual(availableOn(r, '2026-05-09', zone), [{ start: at(1), end: at(4) }]);
  assert.deepEqual(availableOn(r, '2026-05-10', zone), []);
  assert.deepEqual(availableOn(r, '2026-05-11', zone), []);
  assert.deepEqual(availableOn(r, '2026-05-12', zone), [{ start: at(1), end: at(2) }, { start: at(2, 30), end: at(4) }]);
  assert.deepEqual(availableOn(r, '2026-05-13', zone), [{ start: at(1), end: at(6) }]);
  assert.deepEqual(availableOn(r, '2026-05-14', zone), [{ start: at(1), end: at(4) }, { start: at(8), end: at(9) }]);
  assert.deepEqual(slotStarts([{ start: at(1), end: at(2) }], 20, 45), [at(1)]);
});

test('missingMinutes: clocks that jump at midnight lose the first hour of the day', () => {
  assert.deepEqual(missingMinutes('2030-04-26', 'Africa/Cairo'), { start: 0, end: at(1) });
  assert.deepEqual(missingMinutes('2030-03-31', 'Asia/Beirut'), { start: 0, end: at(1) });
  assert.deepEqual(missingMinutes('2030-09-08', 'America/Santiago'), { start: 0, end: at(1) });
  assert.equal(missingMinutes('2030-04-27', 'Africa/Cairo'), null);
});

test('slotsOn: leave, a DST gap and the end of the day remove slots of the schedule\'s grid and move none', () => {
  const day = (exceptions: ScheduleRules['exceptions'] = []) => ({ ...rules({ exceptions }), weeklyHours: [{ weekday: 0, startTime: '00:00', endTime: '06:00' }], slotMinutes: 60 });
  assert.deepEqual(slotsOn(day(), '2030-10-06', 'Australia/Lord_Howe', 60), [0, at(1), at(3), at(4), at(5)]);
  assert.deepEqual(slotsOn(day(), '2030-10-06', 'UTC', 60), [0, at(1), at(2), at(3), at(4), at(5)]);
  const leave = day([{ kind: 'leave', dateFrom: '2030-10-06', dateTo: null, startTime: '01:00', endTime: '01:20', note: null }]);
  assert.deepEqual(slotsOn(leave, '2030-10-06', 'UTC', 60), [0, at(2), at(3), at(4), at(5)]);
  assert.deepEqual(slotsOn(leave, '2030-10-06', 'UTC', 30), [0, at(2), at(3), at(4), at(5)]);
  assert.deepEqual(slotsOn(leave, '2030-10-06', 'Europe/Berlin', 90), [at(2), at(3), at(4)]);
});
