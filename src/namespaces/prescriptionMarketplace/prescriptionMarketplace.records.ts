import { fromMinor } from '../../values/money.ts';
import type { Context } from '../../operations/operation.ts';
import { parseJsonArray } from '../../values/record.ts';
import { dateIn } from '../../time/zone.ts';
import { optionsFor, type ProductOption } from './prescriptionMarketplace.catalogue.ts';
import {
  broadcastsOf,
  pharmacyNames,
  quoteItemsOf,
  requestItemsOf,
  type BroadcastRow,
  type QuoteItemRow,
  type QuoteRow,
  type RequestRow,
  type SummaryRow,
} from './prescriptionMarketplace.repo.ts';

/**
 * Rows to the interface's records and the three response shapes (docs/contract.md, "Results"):
 * - single request: `{ success, item: request }` (cancelPrescription, uploadPrescription, rejectQuote);
 * - detail: `{ success, item: request + items[] (with productIds, products) + broadcasts[] }`
 *   (acceptQuote, getPrescriptionDetails, getPharmacyPrescriptionDetails);
 * - list summary: `{ success, items, total, page, pageSize, totalPages }` (getMyPrescriptions, pendingList).
 */

export interface RequestRecord {
  id: string;
  patientId: string;
  organizationId: string | null;
  organizationBranchId: string | null;
  uploadedFileUrl: string;
  status: RequestRow['status'];
  createdAt: number;
  updatedAt: number;
}

export function requestRecord(row: RequestRow): RequestRecord {
  return {
    id: row.id,
    patientId: row.patientId,
    organizationId: row.organizationId,
    organizationBranchId: row.organizationBranchId,
    uploadedFileUrl: row.uploadedFileUrl,
    status: row.status,
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

export function broadcastRecord(row: BroadcastRow) {
  return {
    id: row.id,
    prescriptionRequestId: row.prescriptionRequestId,
    organizationId: row.organizationId,
    organizationBranchId: row.organizationBranchId,
    status: row.status,
    createdAt: Number(row.createdAt),
  };
}

const money = (minor: number | string | null) => (minor === null ? null : fromMinor(Number(minor)));

export function quoteItemRecord(row: QuoteItemRow) {
  return {
    id: row.id,
    quoteId: row.quoteId,
    productId: row.productId,
    requestedMedicineName: row.requestedMedicineName,
    quantity: row.quantity,
    mrp: money(row.mrp),
    sellingPrice: money(row.sellingPrice),
    finalPrice: fromMinor(Number(row.finalPrice)),
    available: Boolean(row.available),
    substituteProductId: row.substituteProductId,
    remarks: row.remarks,
    productName: row.productName,
    substituteProductName: row.substituteProductName,
  };
}

export function quoteRecord(row: QuoteRow, items: QuoteItemRow[], pharmacyName: string | null) {
  return {
    id: row.id,
    prescriptionRequestId: row.prescriptionRequestId,
    broadcastId: row.broadcastId,
    organizationId: row.organizationId,
    organizationBranchId: row.organizationBranchId,
    pharmacyName,
    status: row.status,
    currency: row.currency,
    itemsTotal: fromMinor(Number(row.itemsTotal)),
    discount: fromMinor(Number(row.discount)),
    deliveryCharge: fromMinor(Number(row.deliveryCharge)),
    tax: fromMinor(Number(row.tax)),
    grandTotal: fromMinor(Number(row.grandTotal)),
    remarks: row.remarks,
    items: items.map(quoteItemRecord),
    submittedAt: row.submittedAt === null ? null : Number(row.submittedAt),
    decidedAt: row.decidedAt === null ? null : Number(row.decidedAt),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

export type QuoteRecord = ReturnType<typeof quoteRecord>;

/** Quotes with their lines and pharmacy names, in the order given. */
export async function quoteRecords(ctx: Context, rows: QuoteRow[]): Promise<QuoteRecord[]> {
  const items = await quoteItemsOf(ctx.db, rows.map((r) => r.id));
  const names = await pharmacyNames(ctx.db, rows.map((r) => r.organizationId));
  return rows.map((r) => quoteRecord(r, items.get(r.id) ?? [], names.get(r.organizationId) ?? null));
}

export async function oneQuoteRecord(ctx: Context, row: QuoteRow): Promise<QuoteRecord> {
  return (await quoteRecords(ctx, [row]))[0]!;
}

export interface DetailView {
  /** Whose catalogue the items' `products` come from; null: none (products are empty). */
  catalogueOf: string | null;
  /** Only this pharmacy's broadcast is shown (a pharmacy's view); undefined: all (the patient's view). */
  broadcastsOf?: string | undefined;
}

/** The detail shape's item: the request with its medicine lines (and their catalogue options) and broadcasts. */
export async function requestDetail(ctx: Context, request: RequestRow, view: DetailView) {
  const today = dateIn(ctx.config.timeZone, ctx.now());
  const currency = ctx.config.marketplace.currency;
  const items = await requestItemsOf(ctx.db, request.id);
  const broadcasts = await broadcastsOf(ctx.db, request.id, view.broadcastsOf);
  const lines = [];
  for (const item of items) {
    const productIds = parseJsonArray(item.productIds);
    const products: ProductOption[] = view.catalogueOf ? await optionsFor(ctx.db, view.catalogueOf, item, productIds, today, currency) : [];
    lines.push({
      id: item.id,
      prescriptionRequestId: item.prescriptionRequestId,
      medicineName: item.medicineName,
      medicineType: item.medicineType,
      strength: item.strength,
      strengthUnit: item.strengthUnit,
      quantity: item.quantity,
      notes: item.notes,
      productIds,
      products,
    });
  }
  return { ...requestRecord(request), items: lines, broadcasts: broadcasts.map(broadcastRecord) };
}

/**
 * The patient's view of the catalogue options: from the pharmacy whose quote was accepted, else
 * the pharmacy the request named; a request broadcast by distance and not yet accepted has none.
 */
export async function patientCatalogue(ctx: Context, request: RequestRow): Promise<string | null> {
  if (request.acceptedQuoteId) {
    const quote = await ctx.db.selectFrom('prescriptionQuotes').select('organizationId').where('id', '=', request.acceptedQuoteId).executeTakeFirst();
    if (quote) return quote.organizationId;
  }
  return request.organizationId;
}

export function summaryRecord<S extends string>(row: SummaryRow<S>) {
  return {
    prescriptionId: row.prescriptionId,
    name: row.name,
    available: row.available,
    amount: row.amount === null ? 0 : fromMinor(row.amount),
    receivedDate: row.receivedDate,
    status: row.status,
  };
}
