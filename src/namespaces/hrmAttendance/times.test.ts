import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AppError } from '../../values/errors.ts';
import { dateIn, zonedInstant } from '../../time/zone.ts';
import { checkTime, hoursWorked, minutesWorked } from './hrmAttendance.times.ts';

test('checkTime accepts HH:mm and zoned ISO date-times only', () => {
  for (const ok of ['00:00', '09:05', '23:59', '2026-03-01T09:00:00Z', '2026-03-01T09:00:00.5+05:30']) assert.equal(checkTime().safeParse(ok).success, true, ok);
  for (const bad of ['24:00', '9:00', '09:60', '0900', '2026-03-01T09:00:00', '2026-02-30T09:00:00Z', '', 'now']) {
    assert.equal(checkTime().safeParse(bad).success, false, bad);
  }
});

test('minutesWorked for clock times, instants and a mix', () => {
  assert.equal(minutesWorked('2026-03-01', '09:00', '17:30', 'UTC'), 510);
  assert.equal(minutesWorked('2026-03-01', '09:00', '09:00', 'UTC'), 0);
  assert.equal(minutesWorked('2026-03-01', '09:00', null, 'UTC'), null);
  assert.equal(minutesWorked('2026-03-01', null, '09:00', 'UTC'), null);
  assert.equal(minutesWorked('2026-03-01', '2026-03-01T22:00:00Z', '2026-03-02T06:00:59Z', 'UTC'), 480);
  assert.equal(minutesWorked('2026-03-01', '09:00', '2026-03-01T17:00:00+05:30', 'Asia/Kolkata'), 480);
  assert.throws(() => minutesWorked('2026-03-01', '17:00', '09:00', 'UTC'), (e: unknown) => e instanceof AppError && e.code === 'VALIDATION_FAILED');
});

test('zonedInstant places a wall-clock time in the zone, across daylight-saving changes', () => {
  assert.equal(zonedInstant('2026-03-01', 9 * 60, 'UTC'), Date.UTC(2026, 2, 1, 9));
  assert.equal(zonedInstant('2026-03-01', 9 * 60, 'Asia/Kolkata'), Date.UTC(2026, 2, 1, 3, 30));
  // New York: EST (-5) before 2026-03-08 02:00, EDT (-4) after.
  assert.equal(zonedInstant('2026-03-07', 9 * 60, 'America/New_York'), Date.UTC(2026, 2, 7, 14));
  assert.equal(zonedInstant('2026-03-08', 9 * 60, 'America/New_York'), Date.UTC(2026, 2, 8, 13));
  // A night shift over the change is an hour shorter.
  assert.equal(minutesWorked('2026-03-08', '01:00', '2026-03-08T09:00:00-04:00', 'America/New_York'), 7 * 60);
});

test('dateIn and hoursWorked', () => {
  assert.equal(dateIn('UTC', Date.UTC(2026, 7, 9, 20)), '2026-08-09');
  assert.equal(dateIn('Asia/Kolkata', Date.UTC(2026, 7, 9, 20)), '2026-08-10');
  assert.equal(dateIn('America/Los_Angeles', Date.UTC(2026, 0, 1, 5)), '2025-12-31');
  assert.equal(hoursWorked(450), '7h 30m');
  assert.equal(hoursWorked(0), '0h 0m');
  assert.equal(hoursWorked(60), '1h 0m');
  assert.equal(hoursWorked(1505), '25h 5m');
  assert.equal(hoursWorked(null), null);
});
