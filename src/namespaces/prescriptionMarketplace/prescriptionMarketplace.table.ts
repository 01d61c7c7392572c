import type { Bool, Json } from '../../values/record.ts';

/** The statuses of a request, a broadcast and a quote (prescriptionMarketplace.status.ts says how they move). */
export const REQUEST_STATUSES = ['BROADCASTED', 'QUOTED', 'ACCEPTED', 'CANCELLED'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const BROADCAST_STATUSES = ['SENT', 'VIEWED', 'QUOTED', 'REJECTED', 'ACCEPTED', 'CLOSED', 'CANCELLED'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

export const QUOTE_STATUSES = ['DRAFT', 'SUBMITTED', 'ACCEPTED', 'REJECTED', 'NOT_CHOSEN', 'CANCELLED'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** A patient's prescription request (docs/marketplace.md). patientId = the person's idpUserId; organizationId = the pharmacy named (null: broadcast by distance). */
export interface PrescriptionRequestsTable {
  id: string;
  patientId: string;
  organizationId: string | null;
  organizationBranchId: string | null;
  addressId: string | null;
  uploadedFileUrl: string;
  latitude: number | null;
  longitude: number | null;
  radiusKm: number | null;
  status: RequestStatus;
  acceptedQuoteId: string | null;
  acceptedAt: number | null;
  cancelledAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A medicine line of a prescription request; productIds = JSON array of catalogue item ids. */
export interface PrescriptionRequestItemsTable {
  id: string;
  prescriptionRequestId: string;
  position: number;
  medicineName: string;
  medicineType: string | null;
  strength: string | null;
  strengthUnit: string | null;
  quantity: number;
  notes: string | null;
  productIds: Json<string[]>;
  createdAt: number;
}

/** A request as one pharmacy organization received it. */
export interface PrescriptionBroadcastsTable {
  id: string;
  prescriptionRequestId: string;
  organizationId: string;
  organizationBranchId: string | null;
  distanceKm: number | null;
  status: BroadcastStatus;
  rejectionReason: string | null;
  viewedAt: number | null;
  respondedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A pharmacy's quote for a broadcast (one per broadcast). Money in integer minor units. */
export interface PrescriptionQuotesTable {
  id: string;
  organizationId: string;
  organizationBranchId: string | null;
  prescriptionRequestId: string;
  broadcastId: string;
  status: QuoteStatus;
  currency: string;
  itemsTotal: number;
  discount: number;
  deliveryCharge: number;
  tax: number;
  grandTotal: number;
  remarks: string | null;
  submittedAt: number | null;
  decidedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A line of a quote, priced from the pharmacy's catalogue. Money in integer minor units. */
export interface PrescriptionQuoteItemsTable {
  id: string;
  quoteId: string;
  organizationId: string;
  position: number;
  productId: string | null;
  requestedMedicineName: string | null;
  quantity: number;
  mrp: number | null;
  sellingPrice: number | null;
  finalPrice: number;
  available: Bool;
  substituteProductId: string | null;
  remarks: string | null;
  productName: string | null;
  substituteProductName: string | null;
  createdAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    prescriptionRequests: PrescriptionRequestsTable;
    prescriptionRequestItems: PrescriptionRequestItemsTable;
    prescriptionBroadcasts: PrescriptionBroadcastsTable;
    prescriptionQuotes: PrescriptionQuotesTable;
    prescriptionQuoteItems: PrescriptionQuoteItemsTable;
  }
}
