import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dayRange, dayStart, nextDay } from './zone.ts';

test('dayStart: midnight of the date in the zone', () => {
  assert.equal(dayStart('2026-03-01', 'UTC'), Date.UTC(2026, 2, 1));
  assert.equal(dayStart('2026-03-01', 'Asia/Kolkata'), Date.UTC(2026, 1, 28, 18, 30));
  // New York: EST (UTC-5) before 2026-03-08, EDT (UTC-4) after.
  assert.equal(dayStart('2026-03-08', 'America/New_York'), Date.UTC(2026, 2, 8, 5));
  assert.equal(dayStart('2026-03-09', 'America/New_York'), Date.UTC(2026, 2, 9, 4));
  assert.equal(dayStart('2026-11-01', 'America/New_York'), Date.UTC(2026, 10, 1, 4));
  assert.equal(dayStart('2026-11-02', 'America/New_York'), Date.UTC(2026, 10, 2, 5));
});

test('nextDay crosses months, years and leap days', () => {
  assert.equal(nextDay('2026-01-31'), '2026-02-01');
  assert.equal(nextDay('2028-02-28'), '2028-02-29');
  assert.equal(nextDay('2026-12-31'), '2027-01-01');
});

test('dayRange: both ends inclusive, either may be open', () => {
  assert.deepEqual(dayRange('2026-03-01', '2026-03-01', 'UTC'), { from: Date.UTC(2026, 2, 1), to: Date.UTC(2026, 2, 2) });
  assert.deepEqual(dayRange(undefined, '2026-03-01', 'UTC'), { to: Date.UTC(2026, 2, 2) });
  assert.deepEqual(dayRange('2026-03-01', undefined, 'UTC'), { from: Date.UTC(2026, 2, 1) });
});
