import type { Db } from '../../db/database.ts';
import { stateName } from '../../values/gst-states.ts';
import { fromJsonText, toBool } from '../../values/record.ts';
import type { TaxedLine } from './billing.lines.ts';
import { logoBytes } from './billing.logos.ts';
import { balanceOf, DOCUMENT_KINDS, lineAmounts, totalsOfRow, type LineRow, type StoredDocument } from './billing.read.ts';
import type { BuyerSnapshot, SellerSnapshot } from './billing.table.ts';
import type { DocumentKind, DocumentView } from './render/view.ts';
import { byRate } from './tax/totals.ts';

function kindOf(stored: string): DocumentKind {
  const kind = DOCUMENT_KINDS.find((k) => k === stored);
  if (!kind) throw new Error(`unknown stored document kind ${stored}`);
  return kind;
}
const nameOfState = (code: string | null) => (code ? (stateName(code) ?? null) : null);

const EMPTY_PARTY = { name: '', gstin: null, addressLines: [], stateCode: null };

/**
 * The document as the renderers take it, from what was stored when it was issued: the seller (and
 * its logo) and buyer as they were then (a later change of the organization, its logo or the
 * patient does not alter a printed copy), its lines and totals, what was paid, its cancellation.
 * The amount in words is the renderers' own (render/words.ts).
 */
export async function viewOf(db: Db, stored: StoredDocument): Promise<DocumentView> {
  const { row, cancellation } = stored;
  const kind = kindOf(row.kind);
  const seller = { ...EMPTY_PARTY, legalName: null, phone: null, email: null, ...fromJsonText<SellerSnapshot>(row.seller) };
  const buyer = { ...EMPTY_PARTY, reference: null, mobile: null, ...fromJsonText<BuyerSnapshot>(row.buyer) };
  const lines = stored.lines.map(taxedLine);
  const balance = balanceOf(stored);
  return {
    kind,
    number: row.number,
    issueDate: row.issueDate,
    status: cancellation ? 'CANCELLED' : 'ISSUED',
    cancelReason: cancellation?.reason ?? null,
    seller: { ...seller, stateName: nameOfState(seller.stateCode), logo: await logoBytes(db, row.organizationId, row.logoSha256) },
    buyer: { ...buyer, stateName: nameOfState(buyer.stateCode) },
    placeOfSupply: row.placeOfSupply ? { code: row.placeOfSupply, name: nameOfState(row.placeOfSupply) ?? row.placeOfSupply } : null,
    against: row.againstId ? await againstOf(db, row.organizationId, row.againstId) : null,
    subject: row.subject,
    lines,
    byRate: byRate(lines),
    totals: totalsOfRow(row),
    payment: balance && { paid: balance.paid, balance: balance.balance, status: balance.paymentStatus },
    received: kind === 'RECEIPT' ? { amount: Number(row.grandTotal), method: row.method ?? 'Not stated', reference: row.reference, receivedAt: row.issueDate } : null,
    qrPayload: row.reference || null,
    notes: fromJsonText<string[]>(row.notes) ?? [],
    issuedBy: row.issuedByName,
  };
}

function taxedLine(line: LineRow): TaxedLine {
  return {
    description: line.description,
    code: line.code,
    quantity: Number(line.quantity),
    taxRate: Number(line.taxRate),
    exempt: toBool(line.exempt) ?? false,
    sourceType: line.sourceType,
    sourceId: line.sourceId,
    ...lineAmounts(line),
  };
}

/** The document a receipt or credit note is against: its number, kind and date as printed. */
async function againstOf(db: Db, organizationId: string, againstId: string): Promise<DocumentView['against']> {
  const against = await db
    .selectFrom('billingDocuments')
    .select(['kind', 'number', 'issueDate'])
    .where('organizationId', '=', organizationId)
    .where('id', '=', againstId)
    .executeTakeFirst();
  return against ? { kind: kindOf(against.kind), number: against.number, issueDate: against.issueDate } : null;
}
