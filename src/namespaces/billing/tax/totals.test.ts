import assert from 'node:assert/strict';
import { test } from 'node:test';
import { indiaGst } from './india-gst.ts';
import { noTax } from './no-tax.ts';
import { byRate, roundToRupee, totalsOf } from './totals.ts';
import { INTRA, makeLine } from './tax.testkit.ts';

const MIXED = [
  makeLine({ unitPrice: 9999, quantity: 3, taxRate: 1200 }), // 299.97: 18.00 + 18.00
  makeLine({ unitPrice: 1999, quantity: 2.5, discount: 98, taxRate: 1800 }), // 49.98 − 0.98: 4.41 + 4.41
  makeLine({ unitPrice: 50_000, taxRate: 0, exempt: true }), // a consultation: exempt
  makeLine({ unitPrice: 12_345, taxRate: 500 }), // 123.45: 3.09 + 3.09
  makeLine({ unitPrice: 1000, taxRate: 0 }), // nil-rated
];

test('the totals of a mixed document are the sums of its lines', () => {
  const lines = indiaGst.tax(MIXED, INTRA);
  assert.deepEqual(totalsOf(lines), {
    gross: 98340,
    discount: 98,
    taxable: 98242,
    exempt: 50000,
    cgst: 2550,
    sgst: 2550,
    igst: 0,
    tax: 5100,
    total: 103342,
    roundOff: -42,
    grandTotal: 103300,
  });
  for (const line of lines) assert.equal(line.cgst, line.sgst);
});

test('byRate: one row per rate, ascending; nil-rated lines at 0, exempt lines in none', () => {
  assert.deepEqual(byRate(indiaGst.tax(MIXED, INTRA)), [
    { taxRate: 0, taxable: 1000, cgst: 0, sgst: 0, igst: 0 },
    { taxRate: 500, taxable: 12345, cgst: 309, sgst: 309, igst: 0 },
    { taxRate: 1200, taxable: 29997, cgst: 1800, sgst: 1800, igst: 0 },
    { taxRate: 1800, taxable: 4900, cgst: 441, sgst: 441, igst: 0 },
  ]);
  const twice = indiaGst.tax([makeLine({ unitPrice: 100 }), makeLine({ unitPrice: 200 })], { sellerState: '27', placeOfSupply: '07' });
  assert.deepEqual(byRate(twice), [{ taxRate: 1800, taxable: 300, cgst: 0, sgst: 0, igst: 54 }]);
  assert.deepEqual(byRate([]), []);
});

test('the grand total is the total to the nearest rupee, 50 paise rounding up', () => {
  const grand = (paise: number) => {
    const { total, roundOff, grandTotal } = totalsOf(noTax.tax([makeLine({ unitPrice: paise })], INTRA));
    return { total, roundOff, grandTotal };
  };
  assert.deepEqual(grand(10_049), { total: 10049, roundOff: -49, grandTotal: 10000 });
  assert.deepEqual(grand(10_050), { total: 10050, roundOff: 50, grandTotal: 10100 });
  assert.deepEqual(grand(10_051), { total: 10051, roundOff: 49, grandTotal: 10100 });
  assert.deepEqual(grand(10_000), { total: 10000, roundOff: 0, grandTotal: 10000 });
  assert.deepEqual(grand(0), { total: 0, roundOff: 0, grandTotal: 0 });
});

test('roundToRupee is exact up to the largest safe amounts', () => {
  assert.equal(roundToRupee(Number.MAX_SAFE_INTEGER - 91), Number.MAX_SAFE_INTEGER - 91); // ends in 00
  assert.equal(roundToRupee(9_007_199_254_740_849), 9_007_199_254_740_800);
  assert.equal(roundToRupee(-149), -100);
  assert.equal(roundToRupee(-150), -100);
});

test('no lines make zero totals', () => {
  assert.deepEqual(totalsOf([]), { gross: 0, discount: 0, taxable: 0, exempt: 0, cgst: 0, sgst: 0, igst: 0, tax: 0, total: 0, roundOff: 0, grandTotal: 0 });
});
