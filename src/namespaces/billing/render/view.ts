import type { RateSummary, TaxedLine, Totals } from '../billing.lines.ts';

/** The kinds of billing document (docs/billing.md). */
export type DocumentKind = 'TAX_INVOICE' | 'BILL_OF_SUPPLY' | 'RECEIPT' | 'CREDIT_NOTE';

/**
 * A document as it is rendered (PDF and HTML): everything already decided and computed, nothing
 * read from the database. Amounts in paise.
 */
export interface DocumentView {
  kind: DocumentKind;
  /** e.g. INV/2627/17 */
  number: string;
  /** the issue date in the organization's time zone, YYYY-MM-DD */
  issueDate: string;
  status: 'ISSUED' | 'CANCELLED';
  cancelReason: string | null;
  seller: {
    name: string;
    legalName: string | null;
    /** null: not registered for GST */
    gstin: string | null;
    addressLines: string[];
    /** GST state code and name, e.g. '27', 'Maharashtra' */
    stateCode: string | null;
    stateName: string | null;
    phone: string | null;
    email: string | null;
    /** PNG or JPEG bytes; null: none */
    logo: Uint8Array | null;
  };
  buyer: {
    name: string;
    /** the patient's number at the organization (MRN), if any */
    reference: string | null;
    mobile: string | null;
    gstin: string | null;
    addressLines: string[];
    stateCode: string | null;
    stateName: string | null;
  };
  /** GST place of supply (state code and name); null without GST */
  placeOfSupply: { code: string; name: string } | null;
  /** the document this one is against (a credit note's or a receipt's invoice) */
  against: { kind: DocumentKind; number: string; issueDate: string } | null;
  /** what it bills, e.g. 'Admission 2026-11-20 to 2026-11-25, Ward B bed 12' */
  subject: string | null;
  /** invoices, bills of supply and credit notes; a receipt has none */
  lines: TaxedLine[];
  byRate: RateSummary[];
  totals: Totals;
  /** payments and advances applied to it, and what remains */
  payment: { paid: number; balance: number; status: 'PAID' | 'PARTLY_PAID' | 'UNPAID' } | null;
  /** a receipt: the amount received, how and its reference */
  received: { amount: number; method: string; reference: string | null; receivedAt: string } | null;
  /** encoded in the QR code (the payment reference, or a UPI link); null: no QR code */
  qrPayload: string | null;
  notes: string[];
  /** who issued it, as printed under the signature line */
  issuedBy: string | null;
}
