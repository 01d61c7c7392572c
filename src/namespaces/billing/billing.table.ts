import type { Bool, Json } from '../../values/record.ts';

/** Who a document is to, as it was when issued. */
export interface BuyerSnapshot {
  name: string;
  reference: string | null;
  mobile: string | null;
  gstin: string | null;
  addressLines: string[];
  stateCode: string | null;
}

/** Who issued it, as it was when issued: a later change of the organization does not alter it. */
export interface SellerSnapshot {
  name: string;
  legalName: string | null;
  gstin: string | null;
  addressLines: string[];
  stateCode: string | null;
  phone: string | null;
  email: string | null;
}

/** A billing document: append-only (migration 0143); its status is its cancellation's (billingCancellations). */
export interface BillingDocumentsTable {
  id: string;
  organizationId: string;
  /** TAX_INVOICE | BILL_OF_SUPPLY | RECEIPT | CREDIT_NOTE */
  kind: string;
  /** the series' prefix, e.g. INV */
  series: string;
  /** April to March, e.g. 2026-27 */
  financialYear: string;
  /** 1, 2, 3 ... within the series and year, without gaps */
  sequence: number;
  /** as printed, e.g. INV/2627/17 (at most 16 characters, as GST asks) */
  number: string;
  /** in the organization's time zone, YYYY-MM-DD */
  issueDate: string;
  issuedAt: number;
  issuedByUserId: string | null;
  issuedByName: string | null;
  /** what it was issued from: admission | appointment | payment | invoice ... */
  sourceType: string;
  sourceId: string;
  /** a credit note's or a receipt's invoice */
  againstId: string | null;
  patientId: string | null;
  subject: string | null;
  seller: Json<SellerSnapshot>;
  buyer: Json<BuyerSnapshot>;
  /** in_gst | none */
  taxRegime: string;
  placeOfSupply: string | null;
  /** integer minor units, the totals of its lines (Totals in billing.lines.ts) */
  gross: number;
  discount: number;
  taxable: number;
  exempt: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  total: number;
  roundOff: number;
  grandTotal: number;
  /** an invoice: what was paid (payments and advances) on its source when it was issued */
  paidBefore: number;
  /** a receipt: how it was paid, and the payment's reference */
  method: string | null;
  reference: string | null;
  /** a credit note that records a refund: the amount given back, in minor units */
  refunded: number | null;
  notes: Json<string[]> | null;
  createdAt: number;
  /** the seller's logo when it was issued (billingLogos); null: none (migration 0144) */
  logoSha256: string | null;
}

export interface BillingDocumentLinesTable {
  id: string;
  organizationId: string;
  documentId: string;
  position: number;
  description: string;
  code: string | null;
  quantity: number;
  unitPrice: number;
  discount: number;
  taxRate: number;
  exempt: Bool;
  gross: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  sourceType: string;
  sourceId: string;
}

export interface BillingCancellationsTable {
  documentId: string;
  organizationId: string;
  reason: string;
  cancelledByUserId: string | null;
  cancelledAt: number;
}

/** The last number taken of a series in a financial year. */
export interface BillingCountersTable {
  organizationId: string;
  series: string;
  financialYear: string;
  lastSequence: number;
  updatedAt: number;
}

/** A logo an organization has set, kept for the documents issued with it: append-only, keyed by the hash of its bytes. */
export interface BillingLogosTable {
  organizationId: string;
  /** hex SHA-256 of the image bytes */
  sha256: string;
  /** image/png | image/jpeg */
  contentType: string;
  width: number;
  height: number;
  /** the image's size in bytes */
  bytes: number;
  /** the image, base64 */
  data: string;
  createdAt: number;
}

/** What an organization prints on the documents it issues now: its current logo (null: none). */
export interface BillingProfilesTable {
  organizationId: string;
  logoSha256: string | null;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    billingDocuments: BillingDocumentsTable;
    billingDocumentLines: BillingDocumentLinesTable;
    billingCancellations: BillingCancellationsTable;
    billingCounters: BillingCountersTable;
    billingLogos: BillingLogosTable;
    billingProfiles: BillingProfilesTable;
  }
}
