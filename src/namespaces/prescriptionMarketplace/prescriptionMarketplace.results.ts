import { z } from 'zod';
import { out, pageResult } from '../../values/results.ts';
import { writeTimes } from '../../values/result-fields.ts';
import { BROADCAST_STATUSES, QUOTE_STATUSES, REQUEST_STATUSES } from './prescriptionMarketplace.status.ts';

/**
 * Result schemas of the marketplace operations (src/values/results.ts), as
 * prescriptionMarketplace.records.ts maps rows: money as amounts, times as unix milliseconds.
 * Every answer carries `success: true` beside its data (docs/contract.md, "Results").
 */

const success = z.literal(true);

/** A prescription request (requestRecord). */
const requestShape = {
  id: out.id(),
  /** the patient's idpUserId */
  patientId: out.id(),
  /** the pharmacy named; null: broadcast by distance */
  organizationId: out.id().nullable(),
  organizationBranchId: out.id().nullable(),
  uploadedFileUrl: out.text(),
  status: z.enum(REQUEST_STATUSES),
  ...writeTimes(),
};
export const requestSchema = out.record(requestShape).meta({ title: 'prescriptionRequest' });

/** A request as one pharmacy received it (broadcastRecord). */
export const broadcastSchema = out.record({
  id: out.id(),
  prescriptionRequestId: out.id(),
  organizationId: out.id(),
  organizationBranchId: out.id().nullable(),
  status: z.enum(BROADCAST_STATUSES),
  createdAt: out.ts(),
}).meta({ title: 'prescriptionBroadcast' });

/** What a medicine is, as a catalogue product or a requested medicine describes it. */
const medicineForm = { medicineType: out.text().nullable(), strength: out.text().nullable(), strengthUnit: out.text().nullable() };

/** A product's prices as the catalogue lists them. */
const listPrices = { mrp: out.number().nullable(), sellingPrice: out.number().nullable() };

/** A catalogue product option (ProductOption). */
export const productOptionSchema = out.record({
  id: out.id(),
  name: out.text(),
  /** the catalogue's product code, null when it has none */
  code: out.text().nullable(),
  brandName: out.text().nullable(),
  ...medicineForm,
  ...listPrices,
  currency: out.text(),
  availableStock: out.int(),
}).meta({ title: 'prescriptionProductOption' });

/** A requested medicine in the detail shape, with its catalogue options. */
export const requestLineSchema = out.record({
  id: out.id(),
  prescriptionRequestId: out.id(),
  medicineName: out.text(),
  ...medicineForm,
  quantity: out.int(),
  notes: out.text().nullable(),
  productIds: out.strings(),
  products: z.array(productOptionSchema),
}).meta({ title: 'prescriptionRequestItem' });

/** The detail shape's item (requestDetail): the request with its medicines and broadcasts. */
export const requestDetailSchema = out.record({
  ...requestShape,
  items: z.array(requestLineSchema),
  broadcasts: z.array(broadcastSchema),
}).meta({ title: 'prescriptionRequestDetail' });

/** A line of a quote (quoteItemRecord). */
export const quoteItemSchema = out.record({
  id: out.id(),
  quoteId: out.id(),
  productId: out.id().nullable(),
  requestedMedicineName: out.text().nullable(),
  quantity: out.int(),
  ...listPrices,
  finalPrice: out.number(),
  available: out.bool(),
  substituteProductId: out.id().nullable(),
  remarks: out.text().nullable(),
  productName: out.text().nullable(),
  substituteProductName: out.text().nullable(),
}).meta({ title: 'prescriptionQuoteItem' });

/** A pharmacy's quote with its lines (quoteRecord). */
export const quoteSchema = out.record({
  id: out.id(),
  prescriptionRequestId: out.id(),
  broadcastId: out.id(),
  organizationId: out.id(),
  organizationBranchId: out.id().nullable(),
  pharmacyName: out.text().nullable(),
  status: z.enum(QUOTE_STATUSES),
  currency: out.text(),
  itemsTotal: out.number(),
  discount: out.number(),
  deliveryCharge: out.number(),
  tax: out.number(),
  grandTotal: out.number(),
  remarks: out.text().nullable(),
  items: z.array(quoteItemSchema),
  submittedAt: out.ts().nullable(),
  decidedAt: out.ts().nullable(),
  ...writeTimes(),
}).meta({ title: 'prescriptionQuote' });

/** A list summary (summaryRecord); `status` is the request's (patient) or the broadcast's (pharmacy). */
function summarySchema<S extends z.ZodType>(status: S) {
  return out.record({
    prescriptionId: out.id(),
    /** the patient's name */
    name: out.text().nullable(),
    /** how many standing quotes (submitted or accepted) */
    available: out.int(),
    /** the lowest standing grand total, 0 when none */
    amount: out.number(),
    receivedDate: out.ts(),
    status,
  });
}

/** `{ success, item }`: the single-request shape. */
export const requestResult = z.object({ success, item: requestSchema });
/** `{ success, item }`: the detail shape. */
export const requestDetailResult = z.object({ success, item: requestDetailSchema });
/** `{ success, item }`: one quote. */
export const quoteResult = z.object({ success, item: quoteSchema });
/** `{ success, item, quote }`: the detail shape with a quote beside it. */
export function requestDetailWithQuote<S extends z.ZodType>(quote: S) {
  return z.object({ success, item: requestDetailSchema, quote });
}
/** `{ success, items }`: quotes without paging. */
export const quotesResult = z.object({ success, items: z.array(quoteSchema) });
/** `{ success, item }`: a broadcast. */
export const broadcastResult = z.object({ success, item: broadcastSchema });
/** The list-summary shape of the patient's requests. */
export const patientSummaryPage = pageResult(summarySchema(z.enum(REQUEST_STATUSES))).extend({ success });
/** The list-summary shape of a pharmacy's broadcasts. */
export const pharmacySummaryPage = pageResult(summarySchema(z.enum(BROADCAST_STATUSES))).extend({ success });
/** A page of catalogue product options. */
export const productOptionPage = pageResult(productOptionSchema).extend({ success });
