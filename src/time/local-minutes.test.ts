import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { dateOfDay, dateTimeOf, dayNumber, daysOf, daysWindow, intervalOf, localMinute, localNow, MINUTES_PER_DAY, minuteOfDay, partsPerDay, timeOfDay } from './local-minutes.ts';

const day = fc.integer({ min: dayNumber('0001-01-01'), max: dayNumber('9999-12-31') });
const minute = fc.integer({ min: 0, max: MINUTES_PER_DAY - 1 });

test('a local minute is days x 1440 + the minute of the day, and reads back as its date and time', () => {
  fc.assert(
    fc.property(day, minute, (d, m) => {
      const at = localMinute(dateOfDay(d), timeOfDay(m));
      assert.equal(at, d * MINUTES_PER_DAY + m);
      assert.deepEqual(dateTimeOf(at), { date: dateOfDay(d), time: timeOfDay(m) });
    }),
  );
  assert.equal(localMinute('1970-01-02', '00:30'), 1470);
  assert.equal(dateOfDay(dayNumber('0099-03-01')), '0099-03-01');
  assert.equal(minuteOfDay('24:00'), MINUTES_PER_DAY);
  assert.equal(timeOfDay(MINUTES_PER_DAY), '24:00');
});

test('daysOf: every day an interval touches; its end is not in it', () => {
  const late = intervalOf('2030-05-10', '23:30', 60);
  assert.deepEqual(daysOf(late).map(dateOfDay), ['2030-05-10', '2030-05-11']);
  assert.deepEqual(daysOf(intervalOf('2030-05-10', '23:00', 60)).map(dateOfDay), ['2030-05-10']);
  fc.assert(
    fc.property(day, minute, fc.integer({ min: 1, max: 3 * MINUTES_PER_DAY }), (d, m, length) => {
      const interval = { start: d * MINUTES_PER_DAY + m, end: d * MINUTES_PER_DAY + m + length };
      const days = daysOf(interval);
      assert.equal(days[0], d);
      assert.ok(days.at(-1)! * MINUTES_PER_DAY < interval.end && interval.end <= (days.at(-1)! + 1) * MINUTES_PER_DAY);
    }),
  );
});

test('daysWindow: from the first midnight to the one after the last day, across months and leap days', () => {
  assert.deepEqual(daysWindow('2028-02-28', '2028-03-01'), { start: localMinute('2028-02-28', '00:00'), end: localMinute('2028-03-02', '00:00') });
  assert.equal(daysWindow('2030-12-31', '2030-12-31').end - daysWindow('2030-12-31', '2030-12-31').start, MINUTES_PER_DAY);
});

test('partsPerDay: cut at each midnight and clipped to the window, covering exactly the overlap', () => {
  const window = daysWindow('2030-05-10', '2030-05-11');
  assert.deepEqual(partsPerDay(intervalOf('2030-05-10', '23:30', 60), window), [
    { date: '2030-05-10', start: 1410, end: 1440 },
    { date: '2030-05-11', start: 0, end: 30 },
  ]);
  assert.deepEqual(partsPerDay(intervalOf('2030-05-09', '23:00', 120), window), [{ date: '2030-05-10', start: 0, end: 60 }]);
  assert.deepEqual(partsPerDay(intervalOf('2030-05-12', '01:00', 60), window), []);
  fc.assert(
    fc.property(fc.integer({ min: -2 * MINUTES_PER_DAY, max: 3 * MINUTES_PER_DAY }), fc.integer({ min: 1, max: 2 * MINUTES_PER_DAY }), (offset, length) => {
      const range = { start: window.start + offset, end: window.start + offset + length };
      const covered = partsPerDay(range, window).reduce((n, p) => n + p.end - p.start, 0);
      assert.equal(covered, Math.max(0, Math.min(range.end, window.end) - Math.max(range.start, window.start)));
    }),
  );
});

test('localNow: today and the local minute on the zone\'s wall clock', () => {
  const instant = Date.UTC(2026, 2, 1, 20, 15); // 2026-03-01 20:15 UTC
  assert.deepEqual(localNow('UTC', instant), { today: '2026-03-01', nowMinute: localMinute('2026-03-01', '20:15') });
  assert.deepEqual(localNow('Asia/Kolkata', instant), { today: '2026-03-02', nowMinute: localMinute('2026-03-02', '01:45') });
  assert.deepEqual(localNow('America/New_York', instant), { today: '2026-03-01', nowMinute: localMinute('2026-03-01', '15:15') });
});
