import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { amount, indianGrouping, percentOf, rupees } from './inr.ts';

test('rupees groups the last three digits, then pairs, with two decimals', () => {
  assert.equal(rupees(1234567890), '₹1,23,45,678.90');
  assert.equal(rupees(0), '₹0.00');
  assert.equal(rupees(5), '₹0.05');
  assert.equal(rupees(99999), '₹999.99');
  assert.equal(rupees(100000), '₹1,000.00');
  assert.equal(rupees(10000000), '₹1,00,000.00');
  assert.equal(rupees(1000000000), '₹1,00,00,000.00');
  assert.equal(rupees(999999999999900), '₹99,99,99,99,99,999.00');
});

test('rupees puts the minus before the sign; amount leaves the sign out', () => {
  assert.equal(rupees(-1250), '-₹12.50');
  assert.equal(rupees(-123456789), '-₹12,34,567.89');
  assert.equal(amount(-123456789), '-12,34,567.89');
  assert.equal(amount(1800), '18.00');
});

test('rupees refuses fractions of a paisa', () => {
  assert.throws(() => rupees(1.5), RangeError);
  assert.throws(() => rupees(Number.NaN), RangeError);
});

test('Indian grouping reads back to the same number', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (n) => {
      const grouped = indianGrouping(n);
      assert.equal(BigInt(grouped.replaceAll(',', '')), n);
      const groups = grouped.split(',');
      if (groups.length > 1) {
        assert.equal(groups.at(-1)!.length, 3);
        for (const middle of groups.slice(1, -1)) assert.equal(middle.length, 2);
        assert.ok(groups[0]!.length >= 1 && groups[0]!.length <= 2);
      }
    }),
  );
});

test('percentOf shows basis points as a percentage without trailing zeros', () => {
  assert.equal(percentOf(1800), '18%');
  assert.equal(percentOf(25), '0.25%');
  assert.equal(percentOf(750), '7.5%');
  assert.equal(percentOf(0), '0%');
  assert.equal(percentOf(5), '0.05%');
  assert.equal(percentOf(28000), '280%');
  assert.throws(() => percentOf(-1), RangeError);
});
