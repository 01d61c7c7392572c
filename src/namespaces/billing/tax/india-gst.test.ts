import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LineInput, Supply } from '../billing.lines.ts';
import { AppError } from '../../../values/errors.ts';
import { MAX_MINOR } from '../../../values/money.ts';
import { indiaGst } from './india-gst.ts';
import { noTax } from './no-tax.ts';
import { taxRulesOf } from './rules.ts';
import { INTER, INTRA, makeLine, refusedPaths } from './tax.testkit.ts';

/** The amounts of one line taxed under GST. */
function taxed(line: Partial<LineInput>, supply: Supply) {
  const [result] = indiaGst.tax([makeLine(line)], supply);
  assert.ok(result);
  const { gross, taxable, cgst, sgst, igst, total } = result;
  return { gross, taxable, cgst, sgst, igst, total };
}

test('12% on 99.99 × 3: 17.9982 of CGST and of SGST round to 18.00; 35.9964 of IGST to 36.00', () => {
  const line = { unitPrice: 9999, quantity: 3, taxRate: 1200 };
  assert.deepEqual(taxed(line, INTRA), { gross: 29997, taxable: 29997, cgst: 1800, sgst: 1800, igst: 0, total: 33597 });
  assert.deepEqual(taxed(line, INTER), { gross: 29997, taxable: 29997, cgst: 0, sgst: 0, igst: 3600, total: 33597 });
});

test('5% on 123.45: 3.08625 each way intra (3.09 + 3.09), 6.1725 inter (6.17): a paisa apart', () => {
  const line = { unitPrice: 12345, taxRate: 500 };
  assert.deepEqual(taxed(line, INTRA), { gross: 12345, taxable: 12345, cgst: 309, sgst: 309, igst: 0, total: 12963 });
  assert.deepEqual(taxed(line, INTER), { gross: 12345, taxable: 12345, cgst: 0, sgst: 0, igst: 617, total: 12962 });
});

test('18% on 19.99 × 2.5 (49.975, rounded to 49.98) less 0.98 of discount: 4.41 + 4.41, or 8.82', () => {
  const line = { unitPrice: 1999, quantity: 2.5, discount: 98, taxRate: 1800 };
  assert.deepEqual(taxed(line, INTRA), { gross: 4998, taxable: 4900, cgst: 441, sgst: 441, igst: 0, total: 5782 });
  assert.deepEqual(taxed(line, INTER), { gross: 4998, taxable: 4900, cgst: 0, sgst: 0, igst: 882, total: 5782 });
});

test('18% on 333.33 × 7: 209.9979 each way intra, 419.9958 inter', () => {
  const line = { unitPrice: 33333, quantity: 7 };
  assert.deepEqual(taxed(line, INTRA), { gross: 233331, taxable: 233331, cgst: 21000, sgst: 21000, igst: 0, total: 275331 });
  assert.deepEqual(taxed(line, INTER), { gross: 233331, taxable: 233331, cgst: 0, sgst: 0, igst: 42000, total: 275331 });
});

test('0.25% splits into two halves of 12.5 bp, computed exactly', () => {
  assert.deepEqual(taxed({ unitPrice: 10_000, taxRate: 25 }, INTRA), { gross: 10000, taxable: 10000, cgst: 13, sgst: 13, igst: 0, total: 10026 }); // 0.125 each
  assert.deepEqual(taxed({ unitPrice: 10_000, taxRate: 25 }, INTER), { gross: 10000, taxable: 10000, cgst: 0, sgst: 0, igst: 25, total: 10025 });
  assert.deepEqual(taxed({ unitPrice: 12_345, taxRate: 25 }, INTRA), { gross: 12345, taxable: 12345, cgst: 15, sgst: 15, igst: 0, total: 12375 }); // 0.1543125
  assert.deepEqual(taxed({ unitPrice: 12_345, taxRate: 25 }, INTER), { gross: 12345, taxable: 12345, cgst: 0, sgst: 0, igst: 31, total: 12376 }); // 0.308625
  assert.deepEqual(taxed({ unitPrice: 1_200, taxRate: 25 }, INTRA), { gross: 1200, taxable: 1200, cgst: 2, sgst: 2, igst: 0, total: 1204 }); // 0.015 each, half up
});

test('the other fractional and the highest rates: 0.1%, 7.5%, 40%', () => {
  assert.deepEqual(taxed({ unitPrice: 12_345, taxRate: 10 }, INTRA), { gross: 12345, taxable: 12345, cgst: 6, sgst: 6, igst: 0, total: 12357 }); // 0.061725
  assert.deepEqual(taxed({ unitPrice: 12_345, taxRate: 10 }, INTER), { gross: 12345, taxable: 12345, cgst: 0, sgst: 0, igst: 12, total: 12357 }); // 0.12345
  assert.deepEqual(taxed({ unitPrice: 10_001, taxRate: 750 }, INTRA), { gross: 10001, taxable: 10001, cgst: 375, sgst: 375, igst: 0, total: 10751 }); // 3.750375
  assert.deepEqual(taxed({ unitPrice: 10_001, taxRate: 750 }, INTER), { gross: 10001, taxable: 10001, cgst: 0, sgst: 0, igst: 750, total: 10751 }); // 7.50075
  assert.deepEqual(taxed({ unitPrice: 9_999, taxRate: 4000 }, INTRA), { gross: 9999, taxable: 9999, cgst: 2000, sgst: 2000, igst: 0, total: 13999 }); // 19.998
  assert.deepEqual(taxed({ unitPrice: 9_999, taxRate: 4000 }, INTER), { gross: 9999, taxable: 9999, cgst: 0, sgst: 0, igst: 4000, total: 13999 }); // 39.996
});

test('an exempt line bears no tax whatever its rate; a nil-rated line (rate 0) neither', () => {
  const none = { gross: 50000, taxable: 50000, cgst: 0, sgst: 0, igst: 0, total: 50000 };
  assert.deepEqual(taxed({ unitPrice: 50_000, taxRate: 1800, exempt: true }, INTRA), none);
  assert.deepEqual(taxed({ unitPrice: 50_000, taxRate: 1800, exempt: true }, INTER), none);
  assert.deepEqual(taxed({ unitPrice: 50_000, taxRate: 0 }, INTER), none);
});

test('a discount of the whole gross leaves nothing to tax', () => {
  assert.deepEqual(taxed({ unitPrice: 10_000, discount: 10_000 }, INTRA), { gross: 10000, taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
});

test('an unknown place of supply is the seller\'s state (a sale over the counter): CGST and SGST', () => {
  assert.deepEqual(taxed({ unitPrice: 10_000 }, { sellerState: '27', placeOfSupply: null }), taxed({ unitPrice: 10_000 }, INTRA));
});

test('the taxed line keeps what its source gave', () => {
  const line = makeLine({ description: 'Dressing', code: '3005', sourceType: 'stockMovement', sourceId: 'm-9' });
  const [result] = indiaGst.tax([line], INTRA);
  assert.deepEqual({ ...result, gross: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 }, { ...line, gross: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
});

test('a rate GST does not have is refused with the line\'s path', () => {
  assert.deepEqual(refusedPaths(() => indiaGst.tax([makeLine(), makeLine({ taxRate: 1300 })], INTRA)), ['lines.1.taxRate']);
  assert.deepEqual(refusedPaths(() => indiaGst.tax([makeLine({ taxRate: 18 })], INTRA)), ['lines.0.taxRate']);
  assert.deepEqual(refusedPaths(() => indiaGst.tax([makeLine({ taxRate: 1800.5 })], INTRA)), ['lines.0.taxRate']);
});

test('a discount beyond the gross, or below 0, is refused', () => {
  assert.deepEqual(refusedPaths(() => indiaGst.tax([makeLine({ unitPrice: 1000, discount: 1001 })], INTRA)), ['lines.0.discount']);
  assert.deepEqual(refusedPaths(() => indiaGst.tax([makeLine({ discount: -1 })], INTRA)), ['lines.0.discount']);
  assert.deepEqual(refusedPaths(() => indiaGst.tax([makeLine({ discount: 0.5 })], INTRA)), ['lines.0.discount']);
});

test('quantities and unit prices outside what money can hold are refused', () => {
  for (const quantity of [0, -1, 1.0005, Number.NaN, Number.POSITIVE_INFINITY, 1e300]) {
    assert.deepEqual(refusedPaths(() => indiaGst.tax([makeLine({ quantity })], INTRA)), ['lines.0.quantity'], String(quantity));
  }
  for (const unitPrice of [-1, 10.5, Number.NaN, Math.floor(MAX_MINOR) + 1]) {
    assert.deepEqual(refusedPaths(() => indiaGst.tax([makeLine({ unitPrice })], INTRA)), ['lines.0.unitPrice'], String(unitPrice));
  }
  assert.deepEqual(refusedPaths(() => indiaGst.tax([makeLine({ unitPrice: Math.floor(MAX_MINOR), quantity: 2 })], INTRA)), ['lines.0.quantity']);
  assert.equal(indiaGst.tax([makeLine({ unitPrice: Math.floor(MAX_MINOR), taxRate: 4000 })], INTER)[0]?.igst, 360287970190); // 40% of 9,007,199,254.74
});

test('without the seller\'s GSTIN no GST document is made', () => {
  assert.throws(
    () => indiaGst.tax([makeLine()], { sellerState: null, placeOfSupply: '27' }),
    (err) => err instanceof AppError && err.message === "gstin: the organization's GSTIN is not set" && err.details?.[0]?.path === 'gstin',
  );
  assert.deepEqual(refusedPaths(() => indiaGst.tax([], { sellerState: null, placeOfSupply: null })), ['gstin']);
  assert.deepEqual(refusedPaths(() => indiaGst.tax([makeLine()], { sellerState: '27', placeOfSupply: '40' })), ['placeOfSupply']);
});

test('every problem is reported at once', () => {
  const lines = [makeLine({ taxRate: 1 }), makeLine(), makeLine({ quantity: 0, discount: -5 })];
  assert.deepEqual(refusedPaths(() => indiaGst.tax(lines, { sellerState: null, placeOfSupply: null })), ['gstin', 'lines.0.taxRate', 'lines.2.quantity']);
});

test('no tax: the same amounts, no tax, no rate; the same refusals of amounts but any rate', () => {
  const [line] = noTax.tax([makeLine({ unitPrice: 1999, quantity: 2.5, discount: 98, taxRate: 1800 })], { sellerState: null, placeOfSupply: null });
  assert.deepEqual(line && { taxRate: line.taxRate, gross: line.gross, taxable: line.taxable, tax: line.cgst + line.sgst + line.igst, total: line.total }, { taxRate: 0, gross: 4998, taxable: 4900, tax: 0, total: 4900 });
  assert.equal(noTax.tax([makeLine({ taxRate: 1300 })], INTRA).length, 1);
  assert.deepEqual(refusedPaths(() => noTax.tax([makeLine({ discount: 20_000 })], INTRA)), ['lines.0.discount']);
});

test('taxRulesOf gives each regime its rules', () => {
  assert.equal(taxRulesOf('in_gst'), indiaGst);
  assert.equal(taxRulesOf('none'), noTax);
  assert.equal(taxRulesOf('in_gst').name, 'in_gst');
  assert.equal(taxRulesOf('none').name, 'none');
});
