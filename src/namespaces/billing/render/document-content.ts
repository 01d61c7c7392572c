/**
 * What a billing document says, decided once for both renderers (pdf.ts and html.ts): its title,
 * which tax columns its lines have, the lines of each party block, its totals and the labels of
 * its payment state. The renderers only place these.
 */
import type { TaxedLine } from '../billing.lines.ts';
import { amount, percentOf, rupees } from './inr.ts';
import type { DocumentKind, DocumentView } from './view.ts';

export const titles: Record<DocumentKind, string> = {
  TAX_INVOICE: 'TAX INVOICE',
  BILL_OF_SUPPLY: 'BILL OF SUPPLY',
  RECEIPT: 'RECEIPT',
  CREDIT_NOTE: 'CREDIT NOTE',
};

/** How the document's tax is split: CGST + SGST within a state, IGST across states, none. */
export type TaxSplit = 'intra' | 'inter' | 'none';

export function taxSplit(view: DocumentView): TaxSplit {
  if (view.kind === 'BILL_OF_SUPPLY' || view.kind === 'RECEIPT') return 'none';
  if (view.totals.igst !== 0) return 'inter';
  if (view.totals.cgst !== 0 || view.totals.sgst !== 0) return 'intra';
  // no tax at all (every line exempt): the supply still says which columns a reader expects
  if (view.placeOfSupply && view.seller.stateCode) return view.placeOfSupply.code === view.seller.stateCode ? 'intra' : 'inter';
  return 'none';
}

export interface LineColumn {
  header: string;
  align: 'left' | 'right' | 'center';
  /** bold in the PDF and HTML */
  strong?: boolean;
  /** takes the width the other columns leave, and wraps */
  wide?: boolean;
  cell(line: TaxedLine, index: number): string;
}

const dash = '–';
const taxAmount = (paise: number) => (paise === 0 ? dash : amount(paise));

/** 3 → '3', 2.5 → '2.5', 0.125 → '0.125' */
export function quantity(value: number): string {
  return String(Number(value.toFixed(3)));
}

/** The columns of the lines table for a tax split. */
export function lineColumns(split: TaxSplit): LineColumn[] {
  const rate = (line: TaxedLine) => (line.exempt ? 'Exempt' : percentOf(line.taxRate));
  const columns: Array<LineColumn | false> = [
    { header: '#', align: 'right', cell: (_, i) => String(i + 1) },
    { header: 'Description', align: 'left', wide: true, cell: (line) => line.description },
    { header: 'HSN/SAC', align: 'left', cell: (line) => line.code ?? '' },
    { header: 'Qty', align: 'right', cell: (line) => quantity(line.quantity) },
    { header: 'Rate', align: 'right', cell: (line) => amount(line.unitPrice) },
    { header: 'Disc.', align: 'right', cell: (line) => taxAmount(line.discount) },
    { header: split === 'none' ? 'Value' : 'Taxable', align: 'right', cell: (line) => amount(line.taxable) },
    split !== 'none' && { header: 'GST', align: 'right', cell: rate },
    split === 'intra' && { header: 'CGST', align: 'right', cell: (line) => taxAmount(line.cgst) },
    split === 'intra' && { header: 'SGST', align: 'right', cell: (line) => taxAmount(line.sgst) },
    split === 'inter' && { header: 'IGST', align: 'right', cell: (line) => taxAmount(line.igst) },
    { header: 'Amount', align: 'right', strong: true, cell: (line) => amount(line.total) },
  ];
  return columns.filter((column) => column !== false);
}

/** A labelled value of a party block or the document's details; value '' is left out. */
export interface Field { label: string; value: string }

const present = (fields: Field[]) => fields.filter((field) => field.value !== '');
const state = (code: string | null, name: string | null) => [name, code && `(${code})`].filter(Boolean).join(' ');

/** Under the seller's name: legal name, address, contact, GSTIN and state. */
export function sellerFields(view: DocumentView): { lines: string[]; fields: Field[] } {
  const { seller } = view;
  const contact = [seller.phone && `Phone ${seller.phone}`, seller.email].filter(Boolean).join('  ·  ');
  return {
    lines: [...(seller.legalName && seller.legalName !== seller.name ? [seller.legalName] : []), ...seller.addressLines, ...(contact ? [contact] : [])],
    fields: present([
      { label: 'GSTIN', value: seller.gstin ?? '' },
      { label: 'State', value: state(seller.stateCode, seller.stateName) },
    ]),
  };
}

export function buyerFields(view: DocumentView): { name: string; lines: string[]; fields: Field[] } {
  const { buyer } = view;
  return {
    name: buyer.name,
    lines: buyer.addressLines,
    fields: present([
      { label: 'Patient no.', value: buyer.reference ?? '' },
      { label: 'Mobile', value: buyer.mobile ?? '' },
      { label: 'GSTIN', value: buyer.gstin ?? '' },
      { label: 'State', value: state(buyer.stateCode, buyer.stateName) },
    ]),
  };
}

const numberLabels: Record<DocumentKind, string> = {
  TAX_INVOICE: 'Invoice no.', BILL_OF_SUPPLY: 'Bill no.', RECEIPT: 'Receipt no.', CREDIT_NOTE: 'Credit note no.',
};

/** Beside the title: the document's number and date. */
export function headerFields(view: DocumentView): Field[] {
  return [
    { label: numberLabels[view.kind], value: view.number },
    { label: 'Date', value: displayDate(view.issueDate) },
  ];
}

/** Beside the buyer: place of supply, the document it is against and what it bills. */
export function supplyFields(view: DocumentView): Field[] {
  const { against } = view;
  return present([
    { label: 'Place of supply', value: view.placeOfSupply ? state(view.placeOfSupply.code, view.placeOfSupply.name) : '' },
    { label: against ? `Against ${titles[against.kind].toLowerCase()}` : '', value: against ? `${against.number} dated ${displayDate(against.issueDate)}` : '' },
    { label: 'For', value: view.subject ?? '' },
  ]);
}

/** A receipt's block in place of lines: how much, how and when. */
export function receivedFields(view: DocumentView): Field[] {
  const { received } = view;
  if (!received) return [];
  return present([
    { label: 'Amount received', value: rupees(received.amount) },
    { label: 'Payment method', value: received.method },
    { label: 'Reference', value: received.reference ?? '' },
    { label: 'Received on', value: displayDate(received.receivedAt) },
  ]);
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-25' → '25 Nov 2026' (no month/day order to misread), a time after it kept; anything else as it is. */
export function displayDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  const month = match && months[Number(match[2]) - 1];
  return match && month ? `${match[3]} ${month} ${match[1]}${isoDate.slice(10).replace(/^T/, ' ')}` : isoDate;
}

export interface TotalRow { label: string; value: string; grand?: boolean }

/** The totals block, right aligned under the lines. */
export function totalRows(view: DocumentView, split: TaxSplit): TotalRow[] {
  const { totals } = view;
  const rows: Array<TotalRow | false> = [
    totals.discount !== 0 && { label: 'Gross amount', value: rupees(totals.gross) },
    totals.discount !== 0 && { label: 'Less discount', value: rupees(-totals.discount) },
    { label: split === 'none' ? 'Value of supply' : 'Taxable value', value: rupees(totals.taxable) },
    totals.exempt !== 0 && split !== 'none' && { label: 'of which exempt', value: rupees(totals.exempt) },
    split === 'intra' && { label: 'CGST', value: rupees(totals.cgst) },
    split === 'intra' && { label: 'SGST', value: rupees(totals.sgst) },
    split === 'inter' && { label: 'IGST', value: rupees(totals.igst) },
    { label: 'Round off', value: rupees(totals.roundOff) },
    { label: view.kind === 'CREDIT_NOTE' ? 'Total credit' : 'Grand total', value: rupees(totals.grandTotal), grand: true },
  ];
  return rows.filter((row) => row !== false);
}

/** The tax summary: a row for each rate (its taxable value and tax) and their total. */
export function rateRows(view: DocumentView, split: TaxSplit): { header: string[]; rows: string[][]; total: string[] } {
  const header = ['GST rate', 'Taxable value', ...(split === 'intra' ? ['CGST', 'SGST'] : ['IGST']), 'Total tax'];
  const rows = view.byRate.map((rate) => [
    rate.taxRate === 0 ? 'Exempt / nil' : percentOf(rate.taxRate),
    amount(rate.taxable),
    ...(split === 'intra' ? [amount(rate.cgst), amount(rate.sgst)] : [amount(rate.igst)]),
    amount(rate.cgst + rate.sgst + rate.igst),
  ]);
  const { totals } = view;
  const total = ['Total', amount(totals.taxable), ...(split === 'intra' ? [amount(totals.cgst), amount(totals.sgst)] : [amount(totals.igst)]), amount(totals.tax)];
  return { header, rows, total };
}

export const paymentLabels = { PAID: 'PAID', PARTLY_PAID: 'PARTLY PAID', UNPAID: 'UNPAID' } as const;

/** The words under the QR code. */
export function qrLabel(view: DocumentView): string {
  return view.qrPayload?.startsWith('upi:') ? 'Scan to pay with any UPI app' : `Scan for ${view.number}`;
}
