import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { bucketsOf } from './getDashboardTrends.ts';
import { perDay } from './listReservedSlots.ts';
import { dateOfDay, dayNumber, intervalOf, localMinute, MINUTES_PER_DAY, timeOfDay } from '../../time/local-minutes.ts';
import { isActive, stageAfter } from './appointments.status.ts';

const day = fc.integer({ min: dayNumber('0001-01-01'), max: dayNumber('9999-12-31') });
const minute = fc.integer({ min: 0, max: MINUTES_PER_DAY - 1 });

test('local minutes: date and time round-trip, and order follows the calendar', () => {
  fc.assert(
    fc.property(day, minute, (d, m) => {
      const date = dateOfDay(d);
      const at = localMinute(date, timeOfDay(m));
      assert.equal(at, d * MINUTES_PER_DAY + m);
      assert.equal(dayNumber(date), d);
    }),
  );
  assert.equal(localMinute('2030-01-02', '00:00') - localMinute('2030-01-01', '23:30'), 30);
});

test('intervals overlap exactly when they share a minute, across midnight too', () => {
  const slot = fc.record({ d: fc.integer({ min: 0, max: 3 }), m: minute, len: fc.integer({ min: 1, max: 1440 }) });
  fc.assert(
    fc.property(slot, slot, (a, b) => {
      const x = intervalOf(dateOfDay(20_000 + a.d), timeOfDay(a.m), a.len);
      const y = intervalOf(dateOfDay(20_000 + b.d), timeOfDay(b.m), b.len);
      const overlap = x.start < y.end && y.start < x.end;
      const shared = Math.max(x.start, y.start) < Math.min(x.end, y.end);
      assert.equal(overlap, shared);
    }),
  );
});

test('perDay cuts a range at midnight and clips it to the window', () => {
  const window = intervalOf('2030-05-10', '00:00', 2 * MINUTES_PER_DAY);
  assert.deepEqual(
    perDay(intervalOf('2030-05-10', '23:30', 60), window, 'appointment', null).map((r) => [r.slotDate, r.startTime, r.endTime]),
    [
      ['2030-05-10', '23:30', '24:00'],
      ['2030-05-11', '00:00', '00:30'],
    ],
  );
  assert.deepEqual(
    perDay(intervalOf('2030-05-09', '23:00', 120), window, 'appointment', null).map((r) => [r.slotDate, r.startTime, r.endTime]),
    [['2030-05-10', '00:00', '01:00']],
  );
  fc.assert(
    fc.property(fc.integer({ min: -1440, max: 3 * 1440 }), fc.integer({ min: 1, max: 1440 }), (offset, len) => {
      const range = { start: window.start + offset, end: window.start + offset + len };
      const parts = perDay(range, window, 'reserved', 'x');
      const covered = parts.reduce((n, p) => n + (p.endTime === '24:00' ? 1440 : localMinute('1970-01-01', p.endTime)) - localMinute('1970-01-01', p.startTime), 0);
      assert.equal(covered, Math.max(0, Math.min(range.end, window.end) - Math.max(range.start, window.start)));
    }),
  );
});

test('status rules: moves along the table, labels keep the stage, what holds time', () => {
  const at = (stage: string, status = stage) => ({ stage, status });
  assert.equal(stageAfter(at('pending'), 'confirmed'), 'confirmed');
  assert.equal(stageAfter(at('scheduled', 'waiting_room'), 'checked_in'), 'checked_in');
  assert.equal(stageAfter(at('checked_in'), 'waiting_room'), 'checked_in');
  assert.equal(stageAfter(at('cancelled'), 'refunded'), 'cancelled');
  assert.throws(() => stageAfter(at('confirmed'), 'scheduled'), /allowed next: checked_in/);
  assert.throws(() => stageAfter(at('checked_in'), 'no_show'), /cannot become no_show/);
  for (const final of ['completed', 'cancelled', 'no_show']) assert.throws(() => stageAfter(at(final), 'scheduled'), /none \(final\)/);
  assert.equal(isActive({ stage: 'completed', holdExpiresAt: null }, 0), true);
  assert.equal(isActive({ stage: 'cancelled', holdExpiresAt: null }, 0), false);
  assert.equal(isActive({ stage: 'no_show', holdExpiresAt: null }, 0), false);
  assert.equal(isActive({ stage: 'pending', holdExpiresAt: 10 }, 9), true);
  assert.equal(isActive({ stage: 'pending', holdExpiresAt: 10 }, 10), false);
  assert.equal(isActive({ stage: 'pending', holdExpiresAt: null }, 10), true);
});

test('trend buckets: 7 days, 8 Monday weeks, 12 months, each ending with the date', () => {
  assert.deepEqual(bucketsOf('day', '2030-03-01').map((b) => b.startDate), ['2030-02-23', '2030-02-24', '2030-02-25', '2030-02-26', '2030-02-27', '2030-02-28', '2030-03-01']);
  const weeks = bucketsOf('week', '2030-01-06');
  assert.deepEqual([weeks[0], weeks.at(-1)], [{ startDate: '2029-11-12', endDate: '2029-11-18' }, { startDate: '2029-12-31', endDate: '2030-01-06' }]);
  const months = bucketsOf('month', '2024-03-15');
  assert.deepEqual([months[0], months.at(-2), months.at(-1)], [
    { startDate: '2023-04-01', endDate: '2023-04-30' },
    { startDate: '2024-02-01', endDate: '2024-02-29' },
    { startDate: '2024-03-01', endDate: '2024-03-31' },
  ]);
});
