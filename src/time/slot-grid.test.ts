import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { byStart, fitting, freeOf } from './slot-grid.ts';

test('byStart: slots by start, the first length given for a start kept', () => {
  assert.deepEqual(byStart([{ start: 60, end: 90 }, { start: 0, end: 30 }, { start: 60, end: 120 }]), [
    { start: 0, end: 30 },
    { start: 60, end: 90 },
  ]);
});

test('freeOf: the slots from notBefore on that overlap nothing taken', () => {
  const slots = [0, 30, 60, 90, 120].map((start) => ({ start, end: start + 30 }));
  assert.deepEqual(freeOf(slots, [{ start: 40, end: 70 }], 0), [slots[0], slots[3], slots[4]]);
  assert.deepEqual(freeOf(slots, [], 31), [slots[2], slots[3], slots[4]]);
  const interval = fc.integer({ min: 0, max: 300 }).chain((start) => fc.integer({ min: 1, max: 60 }).map((length) => ({ start, end: start + length })));
  fc.assert(
    fc.property(fc.array(interval, { maxLength: 20 }), fc.array(interval, { maxLength: 5 }), fc.integer({ min: 0, max: 300 }), (candidates, blocks, notBefore) => {
      const sorted = byStart(candidates);
      const taken = joined(blocks);
      const expected = sorted.filter((s) => s.start >= notBefore && !taken.some((t) => t.start < s.end && s.start < t.end));
      assert.deepEqual(freeOf(sorted, taken, notBefore), expected);
    }),
  );
});

test('fitting: the starts whose whole length lies within one open range, the others dropped and none moved', () => {
  assert.deepEqual(fitting([0, 60, 120, 180], 60, [{ start: 0, end: 60 }, { start: 80, end: 240 }]), [0, 120, 180]);
  assert.deepEqual(fitting([0, 30], 30, []), []);
  const interval = fc.integer({ min: 0, max: 300 }).chain((start) => fc.integer({ min: 1, max: 60 }).map((length) => ({ start, end: start + length })));
  fc.assert(
    fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 300 })), fc.integer({ min: 1, max: 90 }), fc.array(interval, { maxLength: 6 }), (unsorted, length, ranges) => {
      const starts = [...unsorted].sort((a, b) => a - b);
      const open = joined(ranges);
      assert.deepEqual(fitting(starts, length, open), starts.filter((s) => open.some((r) => r.start <= s && s + length <= r.end)));
    }),
  );
});

/** Sorted, overlapping and touching intervals joined (what freeOf expects of `taken`). */
function joined(intervals: { start: number; end: number }[]) {
  const out: { start: number; end: number }[] = [];
  for (const r of [...intervals].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}
