import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { AppError } from '../../values/errors.ts';
import type { Product } from './prescriptionMarketplace.catalogue.ts';
import { priceLines, totalsOf } from './prescriptionMarketplace.pricing.ts';

const product = (id: string, mrp: number | null, sellingPrice: number | null): Product => ({
  id, itemName: `Item ${id}`, productId: null, brandName: null, medicineType: null, strength: null, strengthUnit: null, mrp, sellingPrice, availableStock: 5,
});
const catalogue = new Map([
  ['a', product('a', 1250, 1199)],
  ['b', product('b', 300, 300)],
  ['nop', product('nop', null, null)],
]);

const paths = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof AppError && e.code === 'VALIDATION_FAILED');
    return e.details!.map((d) => d.path);
  }
  assert.fail('expected VALIDATION_FAILED');
};

test('lines are priced from the catalogue: finalPrice = sellingPrice x quantity; a substitute is priced when the product is not available', () => {
  const lines = priceLines(
    [
      { productId: 'a', quantity: 3, available: true },
      { productId: 'a', quantity: 2, available: false, substituteProductId: 'b' },
      { productId: 'b', quantity: 4, available: false },
    ],
    catalogue,
  );
  assert.deepEqual(
    lines.map((l) => [l.mrp, l.sellingPrice, l.finalPrice, l.productName, l.substituteProductName]),
    [
      [1250, 1199, 3597, 'Item a', null],
      [300, 300, 600, 'Item a', 'Item b'],
      [300, 300, 0, 'Item b', null],
    ],
  );
});

test('unknown products, a missing productId on an available line and a product without a price are VALIDATION_FAILED', () => {
  assert.deepEqual(
    paths(() =>
      priceLines(
        [
          { productId: 'zzz', quantity: 1, available: true },
          { quantity: 1, available: true },
          { productId: 'a', quantity: 1, available: false, substituteProductId: 'zzz' },
          { productId: 'nop', quantity: 1, available: true },
        ],
        catalogue,
      ),
    ),
    ['items.0.productId', 'items.1.productId', 'items.2.substituteProductId', 'items.3.productId'],
  );
});

test('grand total = items - discount + delivery + tax, exact in minor units; a discount above the items is refused', () => {
  assert.deepEqual(totalsOf([{ finalPrice: 3597 }, { finalPrice: 600 }], { discount: 197, deliveryCharge: 4000, tax: 1 }), {
    itemsTotal: 4197, discount: 197, deliveryCharge: 4000, tax: 1, grandTotal: 8001,
  });
  assert.deepEqual(paths(() => totalsOf([{ finalPrice: 100 }], { discount: 101, deliveryCharge: 0, tax: 0 })), ['discount']);
  assert.equal(totalsOf([{ finalPrice: 100 }], { discount: 100, deliveryCharge: 0, tax: 0 }).grandTotal, 0);
  // 0.1 + 0.2 as lines: 30 minor units, never 30.000000000000004.
  assert.equal(totalsOf([{ finalPrice: 10 }, { finalPrice: 20 }], { discount: 0, deliveryCharge: 0, tax: 0 }).grandTotal, 30);
});

test('totals equal the integer sum for any lines and amounts', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 1e9 }), { maxLength: 100 }), fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (prices, delivery, tax) => {
      const items = prices.reduce((s, p) => s + p, 0);
      const discount = Math.floor(items / 3);
      const t = totalsOf(prices.map((finalPrice) => ({ finalPrice })), { discount, deliveryCharge: delivery, tax });
      assert.equal(t.itemsTotal, items);
      assert.equal(t.grandTotal, items - discount + delivery + tax);
    }),
  );
});
