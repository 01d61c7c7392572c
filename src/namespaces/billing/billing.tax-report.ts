import type { Db } from '../../db/database.ts';
import { fromMinor } from '../../values/money.ts';
import { fromJsonText, toBool } from '../../values/record.ts';
import { INVOICE_KINDS, quantity, whole } from './billing.reports.ts';
import type { SellerSnapshot } from './billing.table.ts';

/**
 * The figures of billing.taxReport (docs/billing.md "Reports"): live invoices' lines less live
 * credit notes' lines, summed by the database; grouped here only by what a return asks.
 */

export interface Range {
  organizationId: string;
  dateFrom: string;
  dateTo: string;
}

interface TaxSums {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}
type Supply = 'INTRA_STATE' | 'INTER_STATE';

const zero = (): TaxSums => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0 });
const decimals = (s: TaxSums) => ({ taxable: fromMinor(s.taxable), cgst: fromMinor(s.cgst), sgst: fromMinor(s.sgst), igst: fromMinor(s.igst) });
/** A credit note takes its lines off. */
const signOf = (kind: string) => (kind === 'CREDIT_NOTE' ? -1 : 1);

/** Live invoices' and credit notes' lines of the range, with their documents. */
function liveLines(db: Db, range: Range) {
  return db
    .selectFrom('billingDocumentLines as l')
    .innerJoin('billingDocuments as d', 'd.id', 'l.documentId')
    .leftJoin('billingCancellations as c', 'c.documentId', 'd.id')
    .where('l.organizationId', '=', range.organizationId)
    .where('d.organizationId', '=', range.organizationId)
    .where('d.kind', 'in', [...INVOICE_KINDS, 'CREDIT_NOTE'])
    .where('d.issueDate', '>=', range.dateFrom)
    .where('d.issueDate', '<=', range.dateTo)
    .where('c.documentId', 'is', null);
}

/**
 * By rate and by supply within or across states (the place of supply against the seller's state,
 * as the document was taxed: india-gst.ts); exempt and nil-rated values apart; documents of an
 * organization not registered for GST as non-GST value.
 */
export async function taxByRate(db: Db, range: Range) {
  const rows = await liveLines(db, range)
    .select((eb) => [
      'd.kind',
      'd.taxRegime',
      'd.placeOfSupply',
      'd.seller',
      'l.taxRate',
      'l.exempt',
      eb.fn.sum('l.taxable').as('taxable'),
      eb.fn.sum('l.cgst').as('cgst'),
      eb.fn.sum('l.sgst').as('sgst'),
      eb.fn.sum('l.igst').as('igst'),
    ])
    .groupBy(['d.kind', 'd.taxRegime', 'd.placeOfSupply', 'd.seller', 'l.taxRate', 'l.exempt'])
    .execute();
  const rates = new Map<string, TaxSums>();
  const exempt = { INTRA_STATE: 0, INTER_STATE: 0 };
  const nilRated = { INTRA_STATE: 0, INTER_STATE: 0 };
  const creditNotes = zero();
  let nonGst = 0;
  for (const row of rows) {
    const sign = signOf(row.kind);
    const sums = { taxable: sign * whole(row.taxable), cgst: sign * whole(row.cgst), sgst: sign * whole(row.sgst), igst: sign * whole(row.igst) };
    if (row.taxRegime !== 'in_gst') {
      nonGst += sums.taxable;
      continue;
    }
    const sellerState = fromJsonText<SellerSnapshot>(row.seller)?.stateCode ?? null;
    const supply: Supply = row.placeOfSupply !== null && row.placeOfSupply !== sellerState ? 'INTER_STATE' : 'INTRA_STATE';
    const rate = Number(row.taxRate);
    if (toBool(row.exempt)) exempt[supply] += sums.taxable;
    else if (rate === 0) nilRated[supply] += sums.taxable;
    else {
      const key = `${String(rate).padStart(5, '0')} ${supply}`;
      const into = rates.get(key) ?? zero();
      for (const k of ['taxable', 'cgst', 'sgst', 'igst'] as const) into[k] += sums[k];
      rates.set(key, into);
    }
    if (sign < 0) for (const k of ['taxable', 'cgst', 'sgst', 'igst'] as const) creditNotes[k] -= sums[k];
  }
  const byRate = [...rates].sort(([a], [b]) => a.localeCompare(b));
  const totals = byRate.reduce((sum, [, s]) => ({ taxable: sum.taxable + s.taxable, cgst: sum.cgst + s.cgst, sgst: sum.sgst + s.sgst, igst: sum.igst + s.igst }), zero());
  return {
    rates: byRate.map(([key, s]) => ({ taxRate: Number(key.slice(0, 5)) / 100, supply: key.slice(6) as Supply, ...decimals(s) })),
    totals: { ...decimals(totals), tax: fromMinor(totals.cgst + totals.sgst + totals.igst) },
    exempt: { intraState: fromMinor(exempt.INTRA_STATE), interState: fromMinor(exempt.INTER_STATE) },
    nilRated: { intraState: fromMinor(nilRated.INTRA_STATE), interState: fromMinor(nilRated.INTER_STATE) },
    nonGst: fromMinor(nonGst),
    creditNotes: decimals(creditNotes),
  };
}

/** By HSN/SAC code (GST lines only), with the description of the code's first line in the range; lines without a code under null. */
export async function taxByCode(db: Db, range: Range) {
  const rows = await liveLines(db, range)
    .where('d.taxRegime', '=', 'in_gst')
    .select((eb) => [
      'l.code',
      'd.kind',
      eb
        .selectFrom('billingDocumentLines as f')
        .innerJoin('billingDocuments as fd', 'fd.id', 'f.documentId')
        .leftJoin('billingCancellations as fc', 'fc.documentId', 'fd.id')
        .select('f.description')
        .whereRef('f.code', '=', 'l.code')
        .where('f.organizationId', '=', range.organizationId)
        .where('fd.kind', 'in', [...INVOICE_KINDS, 'CREDIT_NOTE'])
        .where('fd.issueDate', '>=', range.dateFrom)
        .where('fd.issueDate', '<=', range.dateTo)
        .where('fd.taxRegime', '=', 'in_gst')
        .where('fc.documentId', 'is', null)
        .orderBy('fd.issuedAt')
        .orderBy('fd.id')
        .orderBy('f.position')
        .limit(1)
        .as('description'),
      eb.fn.sum('l.quantity').as('quantity'),
      eb.fn.sum('l.taxable').as('taxable'),
      eb.fn.sum('l.cgst').as('cgst'),
      eb.fn.sum('l.sgst').as('sgst'),
      eb.fn.sum('l.igst').as('igst'),
    ])
    .groupBy(['l.code', 'd.kind'])
    .execute();
  const codes = new Map<string | null, { description: string | null; quantity: number; sums: TaxSums }>();
  for (const row of rows) {
    const sign = signOf(row.kind);
    const entry = codes.get(row.code) ?? { description: row.description ?? null, quantity: 0, sums: zero() };
    entry.description ??= row.description ?? null;
    entry.quantity += sign * quantity(row.quantity);
    for (const k of ['taxable', 'cgst', 'sgst', 'igst'] as const) entry.sums[k] += sign * whole(row[k]);
    codes.set(row.code, entry);
  }
  const order = (code: string | null) => code ?? '\uffff';
  return [...codes]
    .sort(([a], [b]) => order(a).localeCompare(order(b)))
    .map(([code, e]) => ({ code, description: e.description, quantity: Math.round(e.quantity * 1000) / 1000, ...decimals(e.sums), tax: fromMinor(e.sums.cgst + e.sums.sgst + e.sums.igst) }));
}

/** The whole report (billing.taxReport), answered as JSON or as CSV (billing.reportCsv). */
export async function taxFigures(db: Db, range: Range) {
  const [byRate, hsn] = await Promise.all([taxByRate(db, range), taxByCode(db, range)]);
  return { dateFrom: range.dateFrom, dateTo: range.dateTo, ...byRate, hsn };
}

export type TaxFigures = Awaited<ReturnType<typeof taxFigures>>;
