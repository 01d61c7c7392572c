import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { LineInput, TaxedLine } from '../billing.lines.ts';
import { AppError } from '../../../values/errors.ts';
import { MAX_MINOR, multiply } from '../../../values/money.ts';
import { GST_RATES, indiaGst } from './india-gst.ts';
import { byRate, totalsOf } from './totals.ts';
import { INTER, INTRA, makeLine } from './tax.testkit.ts';

/** A valid line: up to 1,000 units (3 decimals) at up to 10 lakh rupees, any share of it off. */
const line = fc
  .record({
    milli: fc.integer({ min: 1, max: 1_000_000 }),
    unitPrice: fc.integer({ min: 0, max: 100_000_000 }),
    permilleOff: fc.integer({ min: 0, max: 1000 }),
    taxRate: fc.constantFrom(...GST_RATES),
    exempt: fc.boolean(),
  })
  .map(({ milli, unitPrice, permilleOff, taxRate, exempt }): LineInput => {
    const quantity = milli / 1000;
    const discount = Math.floor((multiply(unitPrice, quantity) * permilleOff) / 1000);
    return makeLine({ quantity, unitPrice, discount, taxRate, exempt });
  });
const lines = fc.array(line, { maxLength: 30 });

const taxOf = (taxed: TaxedLine) => taxed.cgst + taxed.sgst + taxed.igst;

test('every line: total = taxable + taxes, CGST = SGST, intra and inter tax a paisa apart at most', () => {
  fc.assert(
    fc.property(lines, (input) => {
      const intra = indiaGst.tax(input, INTRA);
      const inter = indiaGst.tax(input, INTER);
      intra.forEach((taxed, i) => {
        const across = inter[i]!;
        assert.equal(taxed.total, taxed.taxable + taxOf(taxed));
        assert.equal(across.total, across.taxable + taxOf(across));
        assert.equal(taxed.cgst, taxed.sgst);
        assert.equal(taxed.igst, 0);
        assert.equal(across.cgst + across.sgst, 0);
        assert.ok(Math.abs(taxOf(taxed) - taxOf(across)) <= 1);
        if (taxed.exempt || taxed.taxRate === 0) assert.equal(taxOf(taxed) + taxOf(across), 0);
      });
    }),
  );
});

test('each tax is within half a paisa of the exact amount', () => {
  fc.assert(
    fc.property(line, (input) => {
      const [intra] = indiaGst.tax([input], INTRA);
      const [inter] = indiaGst.tax([input], INTER);
      const rate = BigInt(input.exempt ? 0 : input.taxRate);
      const taxable = BigInt(intra!.taxable);
      // |cgst − taxable × rate / 20000| ≤ 1/2, in whole numbers
      const halfError = BigInt(intra!.cgst) * 20_000n - taxable * rate;
      assert.ok(halfError <= 10_000n && halfError >= -10_000n);
      const fullError = BigInt(inter!.igst) * 10_000n - taxable * rate;
      assert.ok(fullError <= 5_000n && fullError >= -5_000n);
    }),
  );
});

test('the totals sum the lines, the round-off is at most 50 paise, byRate sums the taxable lines', () => {
  fc.assert(
    fc.property(lines, fc.constantFrom(INTRA, INTER), (input, supply) => {
      const taxed = indiaGst.tax(input, supply);
      const totals = totalsOf(taxed);
      const sum = (pick: (l: TaxedLine) => number) => taxed.reduce((s, l) => s + pick(l), 0);
      assert.equal(totals.taxable, sum((l) => l.taxable));
      assert.equal(totals.gross, sum((l) => l.gross));
      assert.equal(totals.discount, sum((l) => l.discount));
      assert.equal(totals.gross - totals.discount, totals.taxable);
      assert.equal(totals.tax, sum(taxOf));
      assert.equal(totals.total, totals.taxable + totals.tax);
      assert.equal(totals.cgst, totals.sgst);
      assert.ok(Math.abs(totals.roundOff) <= 50);
      assert.equal(totals.grandTotal % 100, 0);
      assert.equal(totals.grandTotal, totals.total + totals.roundOff);
      const rows = byRate(taxed);
      assert.equal(rows.reduce((s, r) => s + r.taxable, 0), totals.taxable - totals.exempt);
      assert.equal(rows.reduce((s, r) => s + r.cgst + r.sgst + r.igst, 0), totals.tax);
      assert.deepEqual(rows.map((r) => r.taxRate), [...new Set(rows.map((r) => r.taxRate))].sort((a, b) => a - b));
    }),
  );
});

test('the largest amounts are taxed exactly', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: Math.floor(MAX_MINOR) }), fc.constantFrom(...GST_RATES), (unitPrice, taxRate) => {
      const [intra] = indiaGst.tax([makeLine({ unitPrice, taxRate })], INTRA);
      const [inter] = indiaGst.tax([makeLine({ unitPrice, taxRate })], INTER);
      assert.ok(Number.isSafeInteger(intra!.total) && Number.isSafeInteger(inter!.total));
      assert.ok(Math.abs(intra!.total - inter!.total) <= 1);
    }),
  );
});

test('no line, however wrong, makes anything but a VALIDATION_FAILED', () => {
  const anyNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -0, 0.5, 1e21, Number.MAX_SAFE_INTEGER));
  const anyLine = fc
    .record({ quantity: anyNumber, unitPrice: anyNumber, discount: anyNumber, taxRate: anyNumber, exempt: fc.boolean() })
    .map((fields) => makeLine(fields));
  fc.assert(
    fc.property(fc.array(anyLine, { maxLength: 5 }), (input) => {
      try {
        for (const taxed of indiaGst.tax(input, INTRA)) assert.ok(Number.isSafeInteger(taxed.total));
      } catch (err) {
        assert.ok(err instanceof AppError && err.code === 'VALIDATION_FAILED', String(err));
      }
    }),
  );
});
