import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { averageTotals, milliToDisplay, percentOfGoal, remaining, roundDiv, sumEntries, toMilli, withinGoal } from './calorieLogs.nutrition.ts';

test('display rounding: one decimal, half away from zero, from integer thousandths', () => {
  assert.equal(milliToDisplay(12_349), 12.3);
  assert.equal(milliToDisplay(12_350), 12.4);
  assert.equal(milliToDisplay(-12_350), -12.4);
  assert.equal(milliToDisplay(-49), 0);
  assert.ok(!Object.is(milliToDisplay(-49), -0), 'no negative zero');
  assert.equal(milliToDisplay(0), 0);
});

test('roundDiv rounds half up exactly', () => {
  assert.equal(roundDiv(1_999_900_000, 2_000_000), 1000);
  assert.equal(roundDiv(5, 2), 3);
  assert.equal(roundDiv(4, 3), 1);
  assert.equal(roundDiv(0, 7), 0);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 1e6 }), (num, den) => {
      const q = roundDiv(num, den);
      // q is the nearest integer, ties up: |num - q*den| <= den/2, and exactly den/2 only below.
      return 2 * Math.abs(num - q * den) <= den && !(2 * (num - q * den) === den);
    }),
  );
});

test('sums in thousandths: the sum does not depend on the order and never drifts', () => {
  fc.assert(
    fc.property(fc.array(fc.double({ min: 0, max: 100_000, noNaN: true }), { maxLength: 50 }), (values) => {
      const forward = sumEntries(values.map((calories) => ({ calories })));
      const backward = sumEntries([...values].reverse().map((calories) => ({ calories })));
      return forward.calories === backward.calories && Number.isInteger(forward.calories);
    }),
  );
  assert.equal(milliToDisplay(sumEntries([{ calories: 0.1 }, { calories: 0.2 }]).calories), 0.3);
  assert.equal(toMilli(null), 0);
});

test('remaining, percent, within goal and averages', () => {
  assert.equal(remaining(1_500_550, 2000), 499.5);
  assert.equal(remaining(2_100_000, 2000), -100);
  assert.equal(percentOfGoal(445_500, 2000), 22.3);
  assert.equal(percentOfGoal(3_000_000, 2000), 150);
  assert.equal(withinGoal(1, 2_000_000, 2000), true);
  assert.equal(withinGoal(1, 2_000_001, 2000), false);
  assert.equal(withinGoal(0, 0, 2000), false, 'a day without entries is not within goal');
  assert.deepEqual(averageTotals({ calories: 10_400_450, protein: 50_150, carbs: 0, fat: 0, fiber: 0 }, 6), {
    calories: 1733.4,
    protein: 8.4,
    carbs: 0,
    fat: 0,
    fiber: 0,
  });
  assert.deepEqual(averageTotals({ calories: 5, protein: 0, carbs: 0, fat: 0, fiber: 0 }, 0), { calories: 0, protein: 0, carbs: 0, fat: 0, fiber: 0 });
});
