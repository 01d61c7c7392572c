import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../values/errors.ts';
import { fromMinor } from '../../values/money.ts';
import { fromJsonText, toBool } from '../../values/record.ts';
import type { DocumentKind } from './render/view.ts';
import type { BillingCancellationsTable, BillingDocumentLinesTable, BillingDocumentsTable, BuyerSnapshot, SellerSnapshot } from './billing.table.ts';

export type DocumentRow = Selectable<BillingDocumentsTable>;
export type LineRow = Selectable<BillingDocumentLinesTable>;
export type CancellationRow = Selectable<BillingCancellationsTable>;

/** What other documents have applied to one: live receipts against it and live credit notes, in minor units. */
export interface Applied {
  received: number;
  credited: number;
  /** the live credit notes' totals before rounding to the rupee (a new one rounds on their running total) */
  creditedTotal: number;
  /** refunds recorded by the live credit notes: money given back */
  refunded: number;
}

export const NOTHING_APPLIED: Readonly<Applied> = Object.freeze({ received: 0, credited: 0, creditedTotal: 0, refunded: 0 });

/** A document as read, amounts in minor units: the row, its lines, its cancellation, what applies to it. */
export interface StoredDocument {
  row: DocumentRow;
  lines: LineRow[];
  cancellation: CancellationRow | null;
  applied: Applied;
}

const MONEY_TOTALS = ['gross', 'discount', 'taxable', 'exempt', 'cgst', 'sgst', 'igst', 'tax', 'total', 'roundOff', 'grandTotal'] as const;
const LINE_MONEY = ['unitPrice', 'discount', 'gross', 'taxable', 'cgst', 'sgst', 'igst', 'total'] as const;

/** bigint columns come back as strings from PostgreSQL. */
function minorOf<K extends string>(row: Record<K, unknown>, keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, Number(row[key])])) as Record<K, number>;
}

/** Minor units as the API answers money: numbers with two decimals. */
function decimals<K extends string>(minor: Record<K, number>): Record<K, number> {
  return Object.fromEntries(Object.entries<number>(minor).map(([key, value]) => [key, fromMinor(value)])) as Record<K, number>;
}

export const isInvoice = (kind: string) => kind === 'TAX_INVOICE' || kind === 'BILL_OF_SUPPLY';

export const DOCUMENT_KINDS = ['TAX_INVOICE', 'BILL_OF_SUPPLY', 'RECEIPT', 'CREDIT_NOTE'] as const satisfies readonly DocumentKind[];

/** A stored kind or regime, one of its values (written only by this namespace). */
function oneOf<const T extends readonly string[]>(values: T, value: string): T[number] {
  const found = values.find((v) => v === value);
  if (found === undefined) throw new Error(`unknown stored value ${value}`);
  return found;
}

/** The document's money in minor units, the totals of the row. */
export const totalsOfRow = (row: DocumentRow) => minorOf(row, MONEY_TOTALS);
export const lineAmounts = (line: LineRow) => minorOf(line, LINE_MONEY);

/** Paid before it was issued, plus receipts against it; what credit notes took off; what remains. */
export function balanceOf(stored: StoredDocument): { paid: number; credited: number; balance: number; paymentStatus: 'PAID' | 'PARTLY_PAID' | 'UNPAID' } | null {
  if (!isInvoice(stored.row.kind)) return null;
  const paid = Number(stored.row.paidBefore) + stored.applied.received - stored.applied.refunded;
  const credited = stored.applied.credited;
  const balance = Number(stored.row.grandTotal) - paid - credited;
  const paymentStatus = balance <= 0 ? 'PAID' : paid > 0 ? 'PARTLY_PAID' : 'UNPAID';
  return { paid, credited, balance, paymentStatus };
}

export async function loadDocument(db: Db, organizationId: string, id: string): Promise<StoredDocument> {
  const row = await db.selectFrom('billingDocuments').selectAll().where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('billing document');
  const [lines, cancellations, applied] = await Promise.all([
    db.selectFrom('billingDocumentLines').selectAll().where('organizationId', '=', organizationId).where('documentId', '=', id).orderBy('position').execute(),
    cancellationsOf(db, organizationId, [id]),
    appliedTo(db, organizationId, [id]),
  ]);
  return { row, lines, cancellation: cancellations.get(id) ?? null, applied: applied.get(id) ?? NOTHING_APPLIED };
}

export async function cancellationsOf(db: Db, organizationId: string, ids: readonly string[]): Promise<Map<string, CancellationRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('billingCancellations').selectAll().where('organizationId', '=', organizationId).where('documentId', 'in', ids).execute();
  return new Map(rows.map((row) => [row.documentId, row]));
}

/** Live receipts and credit notes against each of the documents. */
export async function appliedTo(db: Db, organizationId: string, ids: readonly string[]): Promise<Map<string, Applied>> {
  const applied = new Map<string, Applied>();
  if (ids.length === 0) return applied;
  const rows = await db
    .selectFrom('billingDocuments as d')
    .leftJoin('billingCancellations as c', 'c.documentId', 'd.id')
    .select(['d.againstId', 'd.kind', 'd.total', 'd.grandTotal', 'd.refunded'])
    .where('d.organizationId', '=', organizationId)
    .where('d.againstId', 'in', ids)
    .where('c.documentId', 'is', null)
    .execute();
  for (const row of rows) {
    if (!row.againstId) continue;
    const entry = applied.get(row.againstId) ?? { ...NOTHING_APPLIED };
    if (row.kind === 'RECEIPT') entry.received += Number(row.grandTotal);
    if (row.kind === 'CREDIT_NOTE') {
      entry.credited += Number(row.grandTotal);
      entry.creditedTotal += Number(row.total);
      entry.refunded += Number(row.refunded ?? 0);
    }
    applied.set(row.againstId, entry);
  }
  return applied;
}

const percentOf = (basisPoints: number) => basisPoints / 100;

/** The document as lists and events answer it (without its lines): amounts with two decimals. */
export function toDocumentSummary(stored: StoredDocument) {
  const { row, cancellation } = stored;
  const totals = decimals(totalsOfRow(row));
  const balance = balanceOf(stored);
  return {
    id: row.id,
    organizationId: row.organizationId,
    kind: oneOf(DOCUMENT_KINDS, row.kind),
    number: row.number,
    series: row.series,
    financialYear: row.financialYear,
    sequence: Number(row.sequence),
    issueDate: row.issueDate,
    issuedAt: Number(row.issuedAt),
    issuedByUserId: row.issuedByUserId,
    sourceType: row.sourceType,
    sourceId: row.sourceId,
    againstId: row.againstId,
    patientId: row.patientId,
    subject: row.subject,
    seller: fromJsonText<SellerSnapshot>(row.seller),
    logoSha256: row.logoSha256,
    buyer: fromJsonText<BuyerSnapshot>(row.buyer),
    taxRegime: oneOf(['in_gst', 'none'] as const, row.taxRegime),
    placeOfSupply: row.placeOfSupply,
    totals,
    status: cancellation ? ('CANCELLED' as const) : ('ISSUED' as const),
    cancellation: cancellation && { reason: cancellation.reason, cancelledAt: Number(cancellation.cancelledAt), cancelledByUserId: cancellation.cancelledByUserId },
    paid: balance && fromMinor(balance.paid),
    credited: balance && fromMinor(balance.credited),
    balance: balance && fromMinor(balance.balance),
    paymentStatus: balance?.paymentStatus ?? null,
    method: row.method,
    reference: row.reference,
    notes: fromJsonText<string[]>(row.notes) ?? [],
  };
}

/** The document with its lines, rates in percent. */
export function toDocumentRecord(stored: StoredDocument) {
  return { ...toDocumentSummary(stored), lines: stored.lines.map(toLineRecord) };
}

function toLineRecord(line: LineRow) {
  return {
    position: Number(line.position),
    description: line.description,
    code: line.code,
    quantity: Number(line.quantity),
    taxRate: percentOf(Number(line.taxRate)),
    exempt: toBool(line.exempt) ?? false,
    sourceType: line.sourceType,
    sourceId: line.sourceId,
    ...decimals(lineAmounts(line)),
  };
}

export type BillingDocument = ReturnType<typeof toDocumentRecord>;
export type DocumentSummary = ReturnType<typeof toDocumentSummary>;

/** The document, as answered. */
export async function getDocument(db: Db, organizationId: string, id: string): Promise<BillingDocument> {
  return toDocumentRecord(await loadDocument(db, organizationId, id));
}
