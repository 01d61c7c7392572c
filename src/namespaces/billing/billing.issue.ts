import { actorOf } from '../../caller/actor.ts';
import { emit } from '../../events/events.ts';
import type { Context } from '../../operations/operation.ts';
import { dateIn } from '../../time/zone.ts';
import { newId } from '../../values/ids.ts';
import type { LineInput, Supply, TaxedLine, TaxRegime, Totals } from './billing.lines.ts';
import { documentNumber, financialYearOf, takeNumber } from './billing.numbering.ts';
import { sellerOf, type Seller } from './billing.parties.ts';
import { NOTHING_APPLIED, toDocumentRecord, toDocumentSummary, type BillingDocument, type StoredDocument } from './billing.read.ts';
import type { BillingDocumentsTable, BuyerSnapshot, SellerSnapshot } from './billing.table.ts';
import { AppError } from '../../values/errors.ts';
import { fromMinor } from '../../values/money.ts';
import type { DocumentKind } from './render/view.ts';
import { taxRulesOf } from './tax/rules.ts';
import { users } from '../users/users.public.ts';
import { roundToRupee, totalsOf } from './tax/totals.ts';

/** A document about to be issued: what its source says; the number, tax and totals are worked out here. */
export interface Draft {
  /** an invoice's kind follows from its lines (invoiceKind) */
  kind: DocumentKind | 'INVOICE';
  sourceType: string;
  sourceId: string;
  againstId: string | null;
  patientId: string | null;
  subject: string | null;
  buyer: BuyerSnapshot;
  lines: LineInput[];
  /** a document without lines (a receipt): its amount in minor units, its total and grand total */
  amount?: number;
  /**
   * The tax treatment of another document instead of the organization's settings today: a credit
   * note is taxed as its invoice was (its regime, its seller, its place of supply).
   */
  taxedAs?: TaxTreatment;
  /**
   * Earlier documents this one continues a running total of (an invoice's live credit notes): its
   * grand total is their total and its own rounded to the rupee, less their grand totals, so the
   * parts add up as the whole would.
   */
  roundedOn?: { total: number; grandTotal: number };
  /** the most the grand total may be (a credit note: what its invoice has left to credit); more is INVALID_STATE */
  grandTotalAtMost?: { amount: number; refusal: string };
  /** what was paid on the source before this document, given its grand total */
  paidBefore: (grandTotal: number) => number;
  method?: string | null;
  reference?: string | null;
  /** a credit note: the refund that gave its amount back, in minor units */
  refunded?: number | null;
  notes?: string[];
}

export interface TaxTreatment {
  regime: TaxRegime;
  supply: Supply;
  seller: SellerSnapshot;
  /** the seller's logo with that snapshot (billingLogos), null: none */
  logoSha256: string | null;
}

/** A document without lines: its amount is its total and grand total. */
function amountTotals(amount: number): Totals {
  return { gross: 0, discount: 0, taxable: 0, exempt: 0, cgst: 0, sgst: 0, igst: 0, tax: 0, total: amount, roundOff: 0, grandTotal: amount };
}

/** The grand total rounded on a running total (Draft.roundedOn); plain rounding where that would be a rupee or more off. */
function roundedOn(totals: Totals, earlier: { total: number; grandTotal: number } | undefined): Totals {
  if (!earlier) return totals;
  const grandTotal = roundToRupee(earlier.total + totals.total) - earlier.grandTotal;
  if (Math.abs(grandTotal - totals.total) >= 100) return totals;
  return { ...totals, roundOff: grandTotal - totals.total, grandTotal };
}

/**
 * A tax invoice when any line is taxed under GST; else a bill of supply (exempt supplies, or an
 * organization not registered for GST, which may not charge it).
 */
function invoiceKind(regime: string, lines: readonly TaxedLine[]): DocumentKind {
  return regime === 'in_gst' && lines.some((line) => !line.exempt) ? 'TAX_INVOICE' : 'BILL_OF_SUPPLY';
}

const PREFIX_SETTING = {
  TAX_INVOICE: 'invoicePrefix',
  BILL_OF_SUPPLY: 'billOfSupplyPrefix',
  RECEIPT: 'receiptPrefix',
  CREDIT_NOTE: 'creditNotePrefix',
} as const;

/**
 * The draft's lines taxed, and its totals: by the organization's rules today, or by the treatment
 * of the document it corrects (`taxedAs`). A grand total above the draft's ceiling is refused.
 */
function taxed(draft: Draft, seller: Seller) {
  const regime = draft.taxedAs?.regime ?? seller.settings.taxRegime;
  const supply = draft.taxedAs?.supply ?? { sellerState: seller.snapshot.stateCode, placeOfSupply: draft.buyer.stateCode };
  const lines = taxRulesOf(regime).tax(draft.lines, supply);
  const totals = draft.amount === undefined ? roundedOn(totalsOf(lines), draft.roundedOn) : amountTotals(draft.amount);
  const ceiling = draft.grandTotalAtMost;
  if (ceiling && totals.grandTotal > ceiling.amount) {
    throw new AppError('INVALID_STATE', `${ceiling.refusal}: this document's grand total would be ${fromMinor(totals.grandTotal).toFixed(2)}, at most ${fromMinor(ceiling.amount).toFixed(2)} is left`);
  }
  const placeOfSupply = regime === 'in_gst' && draft.amount === undefined ? (supply.placeOfSupply ?? supply.sellerState) : null;
  return { regime, lines, totals, placeOfSupply };
}

/**
 * Issues a document in the caller's transaction: taxes its lines (taxed), takes the next number of
 * its series in the financial year of its date (in the organization's time zone), writes it with
 * its lines, and tells the webhooks (document.issued).
 */
export async function issue(ctx: Context, organizationId: string, draft: Draft): Promise<BillingDocument> {
  const now = ctx.now();
  const seller = await sellerOf(ctx.db, organizationId, ctx.config.timeZone);
  const { regime, lines, totals, placeOfSupply } = taxed(draft, seller);
  const kind = draft.kind === 'INVOICE' ? invoiceKind(regime, lines) : draft.kind;
  const series = seller.settings[PREFIX_SETTING[kind]];
  const issueDate = dateIn(seller.timeZone, now);
  const financialYear = financialYearOf(issueDate);
  const sequence = await takeNumber(ctx.db, organizationId, series, financialYear, now);
  const actor = actorOf(ctx.membership);
  const row: BillingDocumentsTable = {
    id: newId(),
    organizationId,
    kind,
    series,
    financialYear,
    sequence,
    number: documentNumber(series, financialYear, sequence),
    issueDate,
    issuedAt: now,
    issuedByUserId: actor?.userId ?? null,
    issuedByName: actor ? await displayNameOf(ctx, organizationId, actor.userId) : null,
    sourceType: draft.sourceType,
    sourceId: draft.sourceId,
    againstId: draft.againstId,
    patientId: draft.patientId,
    subject: draft.subject,
    seller: JSON.stringify(draft.taxedAs?.seller ?? seller.snapshot),
    buyer: JSON.stringify(draft.buyer),
    taxRegime: regime,
    placeOfSupply,
    ...totals,
    paidBefore: draft.paidBefore(totals.grandTotal),
    method: draft.method ?? null,
    reference: draft.reference ?? null,
    refunded: draft.refunded ?? null,
    notes: draft.notes?.length ? JSON.stringify(draft.notes) : null,
    createdAt: now,
    logoSha256: draft.taxedAs ? draft.taxedAs.logoSha256 : seller.logoSha256,
  };
  await ctx.db.insertInto('billingDocuments').values(row).execute();
  const lineRows = lines.map((line, position) => ({ id: newId(), organizationId, documentId: row.id, position, ...line }));
  if (lineRows.length > 0) await ctx.db.insertInto('billingDocumentLines').values(lineRows).execute();
  // What was written is the document: new, nothing is against it yet, so nothing is read back.
  const stored: StoredDocument = { row, lines: lineRows, cancellation: null, applied: NOTHING_APPLIED };
  await emit(ctx.db, ctx, organizationId, 'document.issued', { document: toDocumentSummary(stored) });
  return toDocumentRecord(stored);
}

async function displayNameOf(ctx: Context, organizationId: string, userId: string): Promise<string | null> {
  const user = await users.repo.find(ctx.db, organizationId, userId);
  return user?.displayName ?? null;
}
