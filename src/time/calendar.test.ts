import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { addMonths, monthStart, nextMonthStart, weekStart } from './calendar.ts';
import { weekday } from './zone.ts';
import { dateOfDay, dayNumber } from './local-minutes.ts';

test('weekStart: the Monday on or before the date', () => {
  assert.equal(weekStart('2030-01-06'), '2029-12-31'); // a Sunday
  assert.equal(weekStart('2029-12-31'), '2029-12-31'); // a Monday
  fc.assert(
    fc.property(fc.integer({ min: dayNumber('1900-01-01'), max: dayNumber('2200-12-31') }), (d) => {
      const date = dateOfDay(d);
      const monday = weekStart(date);
      assert.equal(weekday(monday), 1);
      assert.ok(dayNumber(date) - dayNumber(monday) >= 0 && dayNumber(date) - dayNumber(monday) < 7);
    }),
  );
});

test('months: the first day of a month, of the next and of any month before or after', () => {
  assert.equal(monthStart('2024-02-29'), '2024-02-01');
  assert.equal(nextMonthStart('2030-12-15'), '2031-01-01');
  assert.equal(addMonths('2030-01-31', -1), '2029-12-01');
  assert.equal(addMonths('2030-03-01', -14), '2029-01-01');
  assert.equal(addMonths('2030-03-01', 22), '2032-01-01');
  fc.assert(
    fc.property(fc.integer({ min: 1900, max: 2200 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: -240, max: 240 }), (y, m, n) => {
      const first = `${String(y)}-${String(m).padStart(2, '0')}-01`;
      assert.equal(addMonths(addMonths(first, n), -n), first);
    }),
  );
});
