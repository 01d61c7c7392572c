import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { hoursText, minutesToHours, parseClock, spanMinutes } from './sleepLogs.clock.ts';

test('parseClock: 24-hour HH:mm as is, 12-hour text with AM / PM to HH:mm', () => {
  const cases: [string, string | null][] = [
    ['22:30', '22:30'],
    ['00:00', '00:00'],
    ['23:59', '23:59'],
    ['10:30 PM', '22:30'],
    ['7 am', '07:00'],
    ['07:05AM', '07:05'],
    ['7:05 pm', '19:05'],
    ['12 AM', '00:00'],
    ['12:15 a.m.', '00:15'],
    ['12 PM', '12:00'],
    ['12:45pm', '12:45'],
    ['11:59 PM', '23:59'],
    [' 6:30 Am ', '06:30'],
    ['24:00', null],
    ['7:05', null],
    ['13 PM', null],
    ['0 AM', null],
    ['00:30 AM', null],
    ['7:60 AM', null],
    ['7:5 AM', null],
    ['7', null],
    ['PM', null],
    ['', null],
    ['10:30 XM', null],
  ];
  for (const [text, expected] of cases) assert.equal(parseClock(text), expected, text);
});

test('every 24-hour time survives the round trip through its 12-hour text', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
      const hhmm = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
      const twelve = `${String(h % 12 === 0 ? 12 : h % 12)}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
      return parseClock(hhmm) === hhmm && parseClock(twelve) === hhmm;
    }),
  );
});

test('spanMinutes crosses midnight', () => {
  assert.equal(spanMinutes('22:30', '06:45'), 495);
  assert.equal(spanMinutes('23:15', '06:45'), 450);
  assert.equal(spanMinutes('00:30', '08:00'), 450);
  assert.equal(spanMinutes('13:00', '14:30'), 90);
  assert.equal(spanMinutes('07:00', '07:00'), 0);
  assert.equal(spanMinutes('23:59', '00:00'), 1);
});

test('hours as text and as a number', () => {
  assert.equal(hoursText(450), '7h 30m');
  assert.equal(hoursText(480), '8h 0m');
  assert.equal(hoursText(495), '8h 15m');
  assert.equal(minutesToHours(450), 7.5);
  assert.equal(minutesToHours(500), 8.33);
  assert.equal(minutesToHours(495), 8.25);
  assert.equal(minutesToHours(1), 0.02);
});
