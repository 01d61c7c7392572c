import type { ErrorDetail } from '../../../values/errors.ts';
import { applyRate } from '../../../values/money.ts';
import type { LineInput, Supply, TaxedLine, TaxRules } from '../billing.lines.ts';
import { isStateCode } from '../../../values/gst-states.ts';
import { amountsOf, lineProblems, refuseIfAny } from './line-amounts.ts';

/**
 * GST in India, line by line (docs/billing.md "Tax"). Amounts in paise, rates in basis points.
 *
 * - gross = unitPrice × quantity, rounded half away from zero to the paisa; taxable = gross − discount,
 *   the discount being 0..gross. Quantity > 0 with at most 3 decimals; unit price, discount and
 *   gross whole paise within money.ts's MAX_MINOR.
 * - The rate must be one GST has: 0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28 or 40 %.
 * - An exempt line, or one at rate 0 (nil-rated), bears no tax.
 * - Intra-state (the place of supply is the seller's state, or unknown: a sale over the counter):
 *   CGST and SGST each at half the rate, each = taxable × rate / 20000 rounded half away from zero,
 *   so they are always equal; IGST 0.
 * - Inter-state (the place of supply is another state): IGST = taxable × rate / 10000 rounded half
 *   away from zero; CGST = SGST = 0. The two ways differ by at most 1 paisa on a line.
 * - The seller's state comes from the organization's GSTIN: without one, no GST document is made.
 * - total = taxable + CGST + SGST + IGST. Every problem in the lines is reported at once, each with
 *   its path (`lines.3.taxRate`).
 */

export const GST_RATES: readonly number[] = [0, 10, 25, 100, 150, 300, 500, 600, 750, 1200, 1800, 2800, 4000];

/** minor × basisPoints / 20000 (half the rate), rounded half away from zero: exact where half the rate is 12.5 bp. */
export function applyHalfRate(minor: number, basisPoints: number): number {
  const product = BigInt(minor) * BigInt(basisPoints);
  const sign = product < 0n ? -1n : 1n;
  return Number(sign * ((product * sign + 10_000n) / 20_000n));
}

function supplyProblems({ sellerState, placeOfSupply }: Supply): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (sellerState === null) problems.push({ path: 'gstin', message: "the organization's GSTIN is not set" });
  else if (!isStateCode(sellerState)) problems.push({ path: 'gstin', message: "the organization's GSTIN has no GST state code" });
  if (placeOfSupply !== null && !isStateCode(placeOfSupply)) {
    problems.push({ path: 'placeOfSupply', message: 'must be a GST state code (01 to 38, 97, 99)' });
  }
  return problems;
}

function rateProblems(line: LineInput, index: number): ErrorDetail[] {
  if (GST_RATES.includes(line.taxRate)) return [];
  return [{ path: `lines.${index}.taxRate`, message: `must be a GST rate in basis points: ${GST_RATES.join(', ')}` }];
}

function taxLine(line: LineInput, intraState: boolean): TaxedLine {
  const { gross, taxable } = amountsOf(line);
  const rate = line.exempt ? 0 : line.taxRate;
  const half = intraState ? applyHalfRate(taxable, rate) : 0;
  const igst = intraState ? 0 : applyRate(taxable, rate);
  return { ...line, gross, taxable, cgst: half, sgst: half, igst, total: taxable + 2 * half + igst };
}

export const indiaGst: TaxRules = {
  name: 'in_gst',
  tax(lines, supply) {
    refuseIfAny([...supplyProblems(supply), ...lines.flatMap((line, i) => [...lineProblems(line, i), ...rateProblems(line, i)])]);
    const intraState = supply.placeOfSupply === null || supply.placeOfSupply === supply.sellerState;
    return lines.map((line) => taxLine(line, intraState));
  },
};
