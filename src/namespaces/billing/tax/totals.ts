import type { RateSummary, TaxedLine, Totals } from '../billing.lines.ts';

/** To the nearest rupee, 50 paise rounding up: half away from zero for a document's totals, never negative. */
export function roundToRupee(paise: number): number {
  const remainder = ((paise % 100) + 100) % 100;
  return remainder >= 50 ? paise - remainder + 100 : paise - remainder;
}

const sum = (lines: readonly TaxedLine[], pick: (line: TaxedLine) => number) => lines.reduce((total, line) => total + pick(line), 0);

/** The document's totals: each field the sum of the lines', the grand total rounded to the rupee. */
export function totalsOf(lines: readonly TaxedLine[]): Totals {
  const cgst = sum(lines, (line) => line.cgst);
  const sgst = sum(lines, (line) => line.sgst);
  const igst = sum(lines, (line) => line.igst);
  const total = sum(lines, (line) => line.total);
  const grandTotal = roundToRupee(total);
  return {
    gross: sum(lines, (line) => line.gross),
    discount: sum(lines, (line) => line.discount),
    taxable: sum(lines, (line) => line.taxable),
    exempt: sum(lines, (line) => (line.exempt ? line.taxable : 0)),
    cgst,
    sgst,
    igst,
    tax: cgst + sgst + igst,
    total,
    roundOff: grandTotal - total,
    grandTotal,
  };
}

/** The taxable lines by rate, ascending; nil-rated lines (rate 0) make a row, exempt lines none. */
export function byRate(lines: readonly TaxedLine[]): RateSummary[] {
  const rows = new Map<number, RateSummary>();
  for (const line of lines) {
    if (line.exempt) continue;
    const row = rows.get(line.taxRate) ?? { taxRate: line.taxRate, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    row.taxable += line.taxable;
    row.cgst += line.cgst;
    row.sgst += line.sgst;
    row.igst += line.igst;
    rows.set(line.taxRate, row);
  }
  return [...rows.values()].sort((a, b) => a.taxRate - b.taxRate);
}
