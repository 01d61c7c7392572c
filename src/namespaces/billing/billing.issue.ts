import { actorOf } from '../../caller/actor.ts';
import { emit } from '../../events/events.ts';
import type { Context } from '../../operations/operation.ts';
import { dateIn } from '../../time/zone.ts';
import { newId } from '../../values/ids.ts';
import type { LineInput, TaxedLine } from './billing.lines.ts';
import { documentNumber, financialYearOf, takeNumber } from './billing.numbering.ts';
import { sellerOf } from './billing.parties.ts';
import { loadDocument, toDocumentRecord, toDocumentSummary, type BillingDocument } from './billing.read.ts';
import type { BillingDocumentsTable, BuyerSnapshot } from './billing.table.ts';
import type { DocumentKind } from './render/view.ts';
import { taxRulesOf } from './tax/rules.ts';
import { users } from '../users/users.public.ts';
import { totalsOf } from './tax/totals.ts';

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
  /** what was paid on the source before this document, given its grand total */
  paidBefore: (grandTotal: number) => number;
  method?: string | null;
  reference?: string | null;
  notes?: string[];
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
 * Issues a document in the caller's transaction: taxes its lines by the organization's rules,
 * takes the next number of its series in the financial year of its date (in the organization's
 * time zone), writes it with its lines, and tells the webhooks (document.issued).
 */
export async function issue(ctx: Context, organizationId: string, draft: Draft): Promise<BillingDocument> {
  const now = ctx.now();
  const seller = await sellerOf(ctx.db, organizationId, ctx.config.timeZone);
  const regime = seller.settings.taxRegime;
  const lines = taxRulesOf(regime).tax(draft.lines, { sellerState: seller.snapshot.stateCode, placeOfSupply: draft.buyer.stateCode });
  const totals = totalsOf(lines);
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
    seller: JSON.stringify(seller.snapshot),
    buyer: JSON.stringify(draft.buyer),
    taxRegime: regime,
    placeOfSupply: regime === 'in_gst' ? (draft.buyer.stateCode ?? seller.snapshot.stateCode) : null,
    ...totals,
    paidBefore: draft.paidBefore(totals.grandTotal),
    method: draft.method ?? null,
    reference: draft.reference ?? null,
    notes: draft.notes?.length ? JSON.stringify(draft.notes) : null,
    createdAt: now,
  };
  await ctx.db.insertInto('billingDocuments').values(row).execute();
  if (lines.length > 0) {
    await ctx.db
      .insertInto('billingDocumentLines')
      .values(lines.map((line, position) => ({ id: newId(), organizationId, documentId: row.id, position, ...line })))
      .execute();
  }
  const stored = await loadDocument(ctx.db, organizationId, row.id);
  await emit(ctx.db, ctx, organizationId, 'document.issued', { document: toDocumentSummary(stored) });
  return toDocumentRecord(stored);
}

async function displayNameOf(ctx: Context, organizationId: string, userId: string): Promise<string | null> {
  const user = await users.repo.find(ctx.db, organizationId, userId);
  return user?.displayName ?? null;
}
