import { z } from 'zod';
import { out } from '../../values/results.ts';

/** What a document answers (billing.read.ts toDocumentRecord): amounts with two decimals, rates in percent. */
const party = out.record({
  name: out.text(),
  gstin: out.text().nullable(),
  addressLines: out.strings(),
  stateCode: out.text().nullable(),
});

const totals = z.object({
  gross: out.number(),
  discount: out.number(),
  taxable: out.number(),
  exempt: out.number(),
  cgst: out.number(),
  sgst: out.number(),
  igst: out.number(),
  tax: out.number(),
  total: out.number(),
  roundOff: out.number(),
  grandTotal: out.number(),
});

const line = out.record({
  position: out.int(),
  description: out.text(),
  code: out.text().nullable(),
  quantity: out.number(),
  unitPrice: out.number(),
  discount: out.number(),
  taxRate: out.number(),
  exempt: out.bool(),
  gross: out.number(),
  taxable: out.number(),
  cgst: out.number(),
  sgst: out.number(),
  igst: out.number(),
  total: out.number(),
  sourceType: out.text(),
  sourceId: out.id(),
});

const documentFields = {
  id: out.id(),
  organizationId: out.id(),
  kind: z.enum(['TAX_INVOICE', 'BILL_OF_SUPPLY', 'RECEIPT', 'CREDIT_NOTE']),
  number: out.text(),
  series: out.text(),
  financialYear: out.text(),
  sequence: out.int(),
  issueDate: out.date(),
  issuedAt: out.ts(),
  issuedByUserId: out.id().nullable(),
  sourceType: out.text(),
  sourceId: out.id(),
  againstId: out.id().nullable(),
  patientId: out.id().nullable(),
  subject: out.text().nullable(),
  seller: party.nullable(),
  logoSha256: out.text().nullable().describe("the seller's logo it was issued with (billing.getLogo's sha256); null: none"),
  buyer: party.nullable(),
  taxRegime: z.enum(['in_gst', 'none']),
  placeOfSupply: out.text().nullable(),
  totals,
  status: z.enum(['ISSUED', 'CANCELLED']),
  cancellation: z.object({ reason: out.text(), cancelledAt: out.ts(), cancelledByUserId: out.id().nullable() }).nullable(),
  paid: out.number().nullable().describe('an invoice: paid before it was issued (payments and advances on its source) and by receipts against it'),
  credited: out.number().nullable().describe('an invoice: what live credit notes against it took off'),
  balance: out.number().nullable().describe('an invoice: what remains to be paid'),
  paymentStatus: z.enum(['PAID', 'PARTLY_PAID', 'UNPAID']).nullable(),
  method: out.text().nullable(),
  reference: out.text().nullable(),
  notes: out.strings(),
};

/** A document without its lines, as lists and events carry it. */
export const documentSummary = out.record(documentFields);
export const documentRecord = out.record({ ...documentFields, lines: z.array(line) });
