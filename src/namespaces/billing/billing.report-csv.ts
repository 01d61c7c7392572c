import type { Db } from '../../db/database.ts';
import { FileAnswer } from '../../operations/file-answer.ts';
import type { ReadRecord } from '../../operations/reads.ts';
import { csvCell } from '../../values/csv.ts';
import { AppError } from '../../values/errors.ts';
import { countOutstanding, outstandingBalances } from './billing.outstanding-report.ts';
import { DOCUMENT_KINDS } from './billing.read.ts';
import type { SummaryReport } from './billing.summary-report.ts';
import type { TaxFigures } from './billing.tax-report.ts';

/**
 * The reports as CSV (billing.reportCsv, docs/billing.md "Reports"): flat rows a spreadsheet sums,
 * from the same figures as the JSON reports. Amounts are rupees with two decimals (`_inr` columns);
 * text goes through csvCell (values/csv.ts), so a name a spreadsheet would run as a formula is shown as text.
 */

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** The most patients one outstanding CSV holds: past it, the body would have no bound. */
export const MAX_CSV_PATIENTS = 100_000;

/** An amount in rupees, written with two decimals. */
interface Inr {
  inr: number;
}
type Cell = string | number | null | Inr;
const inr = (value: number): Inr => ({ inr: value });
const cellOf = (cell: Cell) => (cell !== null && typeof cell === 'object' ? cell.inr.toFixed(2) : csvCell(cell));
const csvOf = (header: readonly string[], rows: readonly (readonly Cell[])[]) => [header, ...rows].map((row) => `${row.map(cellOf).join(',')}\r\n`).join('');

/** A report as a CSV file, with the patients it names for the read log. */
export class ReportFile extends FileAnswer {
  readonly records: ReadRecord[];

  constructor(fileName: string, body: string, records: ReadRecord[] = []) {
    super(CSV_CONTENT_TYPE, fileName, body);
    this.records = records;
  }
}

export const SUMMARY_HEADER = ['period', 'kind', 'count', 'cancelled', 'taxable_inr', 'cgst_inr', 'sgst_inr', 'igst_inr', 'total_inr'] as const;

/** One row per period and kind: the live documents' count and sums, and how many of the kind were cancelled (in no sum). */
export function summaryCsv(figures: SummaryReport): string {
  const rows = figures.periods.flatMap((period) =>
    DOCUMENT_KINDS.flatMap((kind) => {
      const live = period.kinds.find((k) => k.kind === kind);
      const cancelled = period.cancelled.find((k) => k.kind === kind)?.count ?? 0;
      if (!live && !cancelled) return [];
      const money = (key: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total') => inr(live?.[key] ?? 0);
      return [[period.period, kind, live?.count ?? 0, cancelled, money('taxable'), money('cgst'), money('sgst'), money('igst'), money('total')]];
    }),
  );
  return csvOf(SUMMARY_HEADER, rows);
}

export const TAX_HEADER = ['section', 'tax_rate_percent', 'supply', 'code', 'description', 'quantity', 'taxable_inr', 'cgst_inr', 'sgst_inr', 'igst_inr', 'tax_inr'] as const;

/**
 * Sections (the `section` column): `rate` (taxed lines by rate and supply), `exempt` and `nil_rated`
 * (within and across states), `non_gst`, `credit_notes` (what they took off, already netted in the
 * rows above), `hsn` (by HSN/SAC code; an empty code: lines without one).
 */
export function taxCsv(figures: TaxFigures): string {
  const taxes = (s: { taxable: number; cgst: number; sgst: number; igst: number }) => [inr(s.taxable), inr(s.cgst), inr(s.sgst), inr(s.igst), inr(s.cgst + s.sgst + s.igst)];
  const value = (section: string, rate: number | null, supply: string | null, taxable: number): Cell[] => [section, rate, supply, null, null, null, inr(taxable), null, null, null, null];
  const rows: Cell[][] = [
    ...figures.rates.map((r) => ['rate', r.taxRate, r.supply, null, null, null, ...taxes(r)]),
    value('exempt', null, 'INTRA_STATE', figures.exempt.intraState),
    value('exempt', null, 'INTER_STATE', figures.exempt.interState),
    value('nil_rated', 0, 'INTRA_STATE', figures.nilRated.intraState),
    value('nil_rated', 0, 'INTER_STATE', figures.nilRated.interState),
    value('non_gst', null, null, figures.nonGst),
    ['credit_notes', null, null, null, null, null, ...taxes(figures.creditNotes)],
    ...figures.hsn.map((h) => ['hsn', null, null, h.code, h.description, h.quantity, ...taxes(h)]),
  ];
  return csvOf(TAX_HEADER, rows);
}

export const OUTSTANDING_HEADER = ['patient_id', 'patient_name', 'invoices', 'invoiced_inr', 'paid_inr', 'credited_inr', 'balance_inr'] as const;

/** One row per patient with a balance other than 0, the largest first: every one of them, at most `limit` (else PAYLOAD_TOO_LARGE). */
export async function outstandingFile(db: Db, organizationId: string, fileName: string, limit = MAX_CSV_PATIENTS): Promise<ReportFile> {
  const owing = await countOutstanding(db, organizationId);
  if (owing > limit) {
    throw new AppError('PAYLOAD_TOO_LARGE', `${owing} patients have a balance; one CSV holds at most ${limit}: read billing.outstandingReport by pages`);
  }
  const balances = await outstandingBalances(db, organizationId, { limit, offset: 0 });
  const rows = balances.map((b) => [b.patientId, b.patientName, b.invoices, inr(b.invoiced), inr(b.paid), inr(b.credited), inr(b.balance)]);
  const records = balances.map((b) => ({ id: b.patientId, organizationId: null, patientId: b.patientId }));
  return new ReportFile(fileName, csvOf(OUTSTANDING_HEADER, rows), records);
}
