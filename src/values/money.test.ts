import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { applyRate, fromMinor, money, multiply, toMinor } from '../values/money.ts';

test('toMinor is exact for two-decimal amounts and refuses more decimals', () => {
  assert.equal(toMinor(0.1), 10);
  assert.equal(toMinor(0.29), 29);
  assert.equal(toMinor(1.005), undefined);
  assert.equal(toMinor(19.99), 1999);
  assert.equal(toMinor(-4.5), -450);
  assert.equal(toMinor(Number.NaN), undefined);
});

test('toMinor and fromMinor round-trip every cent amount', () => {
  fc.assert(
    fc.property(fc.integer({ min: -1e11, max: 1e11 }), (minor) => {
      assert.equal(toMinor(fromMinor(minor)), minor);
    }),
  );
});

test('sums in minor units have no float drift: 0.1 + 0.2 is 0.3', () => {
  assert.equal(fromMinor(toMinor(0.1)! + toMinor(0.2)!), 0.3);
});

test('applyRate rounds half away from zero to the minor unit', () => {
  assert.equal(applyRate(10000, 1800), 1800); // 18 % of 100.00
  assert.equal(applyRate(1999, 1250), 250); // 12.5 % of 19.99 = 2.49875 -> 2.50
  assert.equal(applyRate(5, 5000), 3); // 50 % of 0.05 = 0.025 -> 0.03
  assert.equal(applyRate(-5, 5000), -3);
});

test('multiply takes quantities with up to three decimals exactly', () => {
  assert.equal(multiply(1999, 3), 5997);
  assert.equal(multiply(1000, 1.5), 1500);
  assert.equal(multiply(333, 0.333), 111);
  assert.throws(() => multiply(100, 0.0001));
});

test('the money schema parses to minor units and rejects bad amounts', () => {
  assert.equal(money().parse(12.34), 1234);
  assert.equal(money().safeParse(-1).success, false);
  assert.equal(money().safeParse(1.234).success, false);
});
