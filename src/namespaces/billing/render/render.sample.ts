/**
 * Sample documents for the renderers' tests and for scripts/render-example-bill.ts: a hospital in
 * Pune (Maharashtra, state 27) billing a patient for a stay, with lines at 5 %, 12 % and 18 % and
 * exempt healthcare services. The tax is worked out here the way docs/billing.md describes it
 * (each tax rounded on the line, the grand total to the rupee), so the figures add up.
 */
import { deflateSync, crc32 } from 'node:zlib';
import { applyRate, multiply } from '../../../values/money.ts';
import type { LineInput, RateSummary, TaxedLine, Totals } from '../billing.lines.ts';
import type { DocumentView } from './view.ts';

type SampleLine = Pick<LineInput, 'description' | 'code' | 'quantity' | 'unitPrice' | 'discount' | 'taxRate' | 'exempt'>;

const stayLines: SampleLine[] = [
  { description: 'Room rent: deluxe single room, per day', code: '996311', quantity: 5, unitPrice: 650000, discount: 0, taxRate: 500, exempt: false },
  { description: 'Consultation: Dr. R. Kulkarni, Cardiology', code: '999312', quantity: 4, unitPrice: 120000, discount: 0, taxRate: 0, exempt: true },
  { description: 'Coronary angiography (procedure)', code: '999312', quantity: 1, unitPrice: 1850000, discount: 185000, taxRate: 0, exempt: true },
  { description: 'Lab: lipid profile, troponin I, CBC', code: '999316', quantity: 1, unitPrice: 285000, discount: 0, taxRate: 0, exempt: true },
  { description: 'Pharmacy: Atorvastatin 40 mg tablets (strip of 10)', code: '3004', quantity: 3, unitPrice: 18650, discount: 1500, taxRate: 1200, exempt: false },
  { description: 'Pharmacy: Pantoprazole 40 mg injection', code: '3004', quantity: 6, unitPrice: 6475, discount: 0, taxRate: 1200, exempt: false },
  { description: 'Surgical gloves, sterile (pair)', code: '4015', quantity: 12, unitPrice: 4500, discount: 0, taxRate: 1200, exempt: false },
  { description: 'Nebuliser hire, per day', code: '997319', quantity: 2.5, unitPrice: 35000, discount: 0, taxRate: 1800, exempt: false },
  { description: 'Attendant meals (cafeteria)', code: '996331', quantity: 10, unitPrice: 18000, discount: 0, taxRate: 500, exempt: false },
  { description: 'Toiletries kit', code: '3401', quantity: 1, unitPrice: 29900, discount: 0, taxRate: 1800, exempt: false },
];

/** The lines taxed as GST does: CGST + SGST (half the rate each) within a state, IGST across states. */
export function taxSampleLines(lines: readonly SampleLine[], intraState: boolean): TaxedLine[] {
  return lines.map((line, index) => {
    const gross = multiply(line.unitPrice, line.quantity);
    const taxable = gross - line.discount;
    const rate = line.exempt ? 0 : line.taxRate;
    const cgst = intraState ? applyRate(taxable, rate / 2) : 0;
    const sgst = intraState ? applyRate(taxable, rate / 2) : 0;
    const igst = intraState ? 0 : applyRate(taxable, rate);
    return { ...line, sourceType: 'admission_charge', sourceId: `sample-${index + 1}`, gross, taxable, cgst, sgst, igst, total: taxable + cgst + sgst + igst };
  });
}

/** The lines' tax by rate (exempt lines under 0) and their totals, the grand total to the rupee. */
export function summarizeSampleLines(lines: readonly TaxedLine[]): { byRate: RateSummary[]; totals: Totals } {
  const rates = new Map<number, RateSummary>();
  for (const line of lines) {
    const rate = line.exempt ? 0 : line.taxRate;
    const sum = rates.get(rate) ?? { taxRate: rate, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    rates.set(rate, { taxRate: rate, taxable: sum.taxable + line.taxable, cgst: sum.cgst + line.cgst, sgst: sum.sgst + line.sgst, igst: sum.igst + line.igst });
  }
  const add = (pick: (line: TaxedLine) => number) => lines.reduce((sum, line) => sum + pick(line), 0);
  const cgst = add((l) => l.cgst);
  const sgst = add((l) => l.sgst);
  const igst = add((l) => l.igst);
  const taxable = add((l) => l.taxable);
  const total = taxable + cgst + sgst + igst;
  const grandTotal = Math.round(total / 100) * 100;
  return {
    byRate: [...rates.values()].sort((a, b) => a.taxRate - b.taxRate),
    totals: {
      gross: add((l) => l.gross), discount: add((l) => l.discount), taxable,
      exempt: add((l) => (l.exempt ? l.taxable : 0)),
      cgst, sgst, igst, tax: cgst + sgst + igst, total, roundOff: grandTotal - total, grandTotal,
    },
  };
}

const exemptNote = 'Healthcare services by a clinical establishment are exempt (Notification 12/2017-Central Tax (Rate), entry 74).';

/** A UPI payment link for the amount due, the document's number as the note. */
function upiLink(paise: number, number: string): string {
  return `upi://pay?pa=sunrisehospital@icici&pn=Sunrise%20Hospital&am=${(paise / 100).toFixed(2)}&cu=INR&tn=${encodeURIComponent(number)}`;
}

/** The invoice for a five-day stay, within Maharashtra, partly paid by an advance. */
export function sampleInvoice(): DocumentView {
  const lines = taxSampleLines(stayLines, true);
  const { byRate, totals } = summarizeSampleLines(lines);
  const paid = 5000000;
  return {
    kind: 'TAX_INVOICE',
    number: 'INV/2627/17',
    issueDate: '2026-11-25',
    status: 'ISSUED',
    cancelReason: null,
    seller: {
      name: 'Sunrise Multispeciality Hospital',
      legalName: 'Sunrise Healthcare LLP',
      gstin: '27AAPFU0939F1ZV',
      addressLines: ['Plot 14, Baner Road', 'Baner, Pune 411045'],
      stateCode: '27',
      stateName: 'Maharashtra',
      phone: '+91 20 6712 3400',
      email: 'billing@sunrisehospital.in',
      logo: sampleLogoPng(),
    },
    buyer: {
      name: 'Anjali Deshpande',
      reference: 'MRN-004213',
      mobile: '+91 98220 12345',
      gstin: null,
      addressLines: ['Flat 7, Shanti Apartments, Kothrud', 'Pune 411038'],
      stateCode: '27',
      stateName: 'Maharashtra',
    },
    placeOfSupply: { code: '27', name: 'Maharashtra' },
    against: null,
    subject: 'Admission 2026-11-20 to 2026-11-25, Ward B bed 12',
    lines,
    byRate,
    totals,
    payment: { paid, balance: totals.grandTotal - paid, status: 'PARTLY_PAID' },
    received: null,
    qrPayload: upiLink(totals.grandTotal - paid, 'INV/2627/17'),
    notes: ['Advance of ₹50,000.00 received on 2026-11-20 (receipt RCT/2627/9) adjusted against this invoice.', exemptNote],
    issuedBy: 'Priya Nair, Billing desk',
  };
}

/** The same stay billed to a patient's employer in Karnataka (29): IGST instead of CGST + SGST. */
export function sampleInterStateInvoice(): DocumentView {
  const base = sampleInvoice();
  const lines = taxSampleLines(stayLines, false);
  const { byRate, totals } = summarizeSampleLines(lines);
  return {
    ...base,
    number: 'INV/2627/18',
    buyer: {
      name: 'Kaveri Software Services Pvt Ltd', reference: 'MRN-004213', mobile: null, gstin: '29AABCK1234M1Z5',
      addressLines: ['12th Floor, Prestige Tower', 'MG Road, Bengaluru 560001'], stateCode: '29', stateName: 'Karnataka',
    },
    placeOfSupply: { code: '29', name: 'Karnataka' },
    lines, byRate, totals,
    payment: { paid: 0, balance: totals.grandTotal, status: 'UNPAID' },
    qrPayload: upiLink(totals.grandTotal, 'INV/2627/18'),
    notes: [exemptNote],
  };
}

export function sampleCancelledInvoice(): DocumentView {
  return { ...sampleInvoice(), status: 'CANCELLED', cancelReason: 'Raised on the wrong patient; reissued as INV/2627/19.' };
}

/** An invoice of `count` lines, to see the table go over pages. */
export function sampleLongInvoice(count: number): DocumentView {
  const many = Array.from({ length: count }, (_, i) => ({
    ...stayLines[i % stayLines.length]!,
    description: `Item ${i + 1}: ${stayLines[i % stayLines.length]!.description}`,
  }));
  const lines = taxSampleLines(many, true);
  const { byRate, totals } = summarizeSampleLines(lines);
  return { ...sampleInvoice(), lines, byRate, totals, payment: { paid: 0, balance: totals.grandTotal, status: 'UNPAID' } };
}

/** Exempt services only, billed without tax. */
export function sampleBillOfSupply(): DocumentView {
  const lines = taxSampleLines(stayLines.filter((line) => line.exempt), true);
  const { byRate, totals } = summarizeSampleLines(lines);
  return { ...sampleInvoice(), kind: 'BILL_OF_SUPPLY', number: 'BOS/2627/4', lines, byRate, totals, payment: { paid: totals.grandTotal, balance: 0, status: 'PAID' }, qrPayload: null, notes: [exemptNote] };
}

export function sampleReceipt(): DocumentView {
  const invoice = sampleInvoice();
  const zero = summarizeSampleLines([]);
  return {
    ...invoice, kind: 'RECEIPT', number: 'RCT/2627/31', issueDate: '2026-11-26',
    against: { kind: 'TAX_INVOICE', number: invoice.number, issueDate: invoice.issueDate },
    lines: [], byRate: zero.byRate, totals: zero.totals,
    received: { amount: invoice.payment!.balance, method: 'UPI', reference: 'UTR 432109876543', receivedAt: '2026-11-26 11:42' },
    payment: { paid: invoice.totals.grandTotal, balance: 0, status: 'PAID' },
    qrPayload: null, notes: [],
  };
}

export function sampleCreditNote(): DocumentView {
  const invoice = sampleInvoice();
  const lines = taxSampleLines([{ description: 'Room rent: deluxe single room, per day (billed twice)', code: '996311', quantity: 1, unitPrice: 650000, discount: 0, taxRate: 500, exempt: false }], true);
  const { byRate, totals } = summarizeSampleLines(lines);
  return {
    ...invoice, kind: 'CREDIT_NOTE', number: 'CN/2627/2', issueDate: '2026-11-28',
    against: { kind: 'TAX_INVOICE', number: invoice.number, issueDate: invoice.issueDate },
    lines, byRate, totals, payment: null, qrPayload: null, notes: ['One day of room rent was billed twice.'],
  };
}

/** A 96 × 96 PNG: a white cross on a teal disc, drawn here so the sample needs no image file. */
export function sampleLogoPng(): Uint8Array {
  const size = 96;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x++) {
      const dx = x - size / 2 + 0.5;
      const dy = y - size / 2 + 0.5;
      const inDisc = dx * dx + dy * dy <= (size / 2 - 1) ** 2;
      const inCross = (Math.abs(dx) < 11 && Math.abs(dy) < 32) || (Math.abs(dy) < 11 && Math.abs(dx) < 32);
      const [r, g, b] = inDisc && !inCross ? [0x0f, 0x76, 0x6e] : [0xff, 0xff, 0xff];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0)),
  ]);
}
