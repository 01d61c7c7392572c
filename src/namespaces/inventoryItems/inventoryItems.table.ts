import type { Bool } from '../../values/record.ts';

/**
 * An inventory item (docs/inventory.md). Money in integer minor units, gstPercentage in basis
 * points. quantity = sum of its batches = sum of its movements. batchId / batchNumber / lotNumber /
 * expiryDate describe the batch the item shows (the next to issue). lowStockEpisode / lowStockOpen:
 * the low-stock alert state, never in the API record.
 */
export interface InventoryItemsTable {
  id: string;
  organizationId: string;
  module: string | null;
  itemName: string;
  category: string | null;
  genericName: string | null;
  brandName: string | null;
  unitOfMeasure: string | null;
  hsnCode: string | null;
  gstPercentage: number | null;
  mrp: number | null;
  onlinePrice: number | null;
  offlinePrice: number | null;
  supplierId: string | null;
  supplierName: string | null;
  quantity: number;
  unitPrice: number | null;
  minStock: number | null;
  maxStock: number | null;
  locationId: string | null;
  locationName: string | null;
  batchId: string | null;
  batchNumber: string | null;
  lotNumber: string | null;
  expiryDate: string | null;
  productId: string | null;
  variantId: string | null;
  medicineType: string | null;
  strength: string | null;
  strengthUnit: string | null;
  lowStockEpisode: number;
  lowStockOpen: Bool;
  createdAt: number;
  updatedAt: number;
}

/** Stock of one batch of an item; batchKey identifies it within the item. */
export interface InventoryBatchesTable {
  id: string;
  organizationId: string;
  inventoryItemId: string;
  batchKey: string;
  batchNumber: string | null;
  lotNumber: string | null;
  expiryDate: string | null;
  quantity: number;
  purchasePrice: number | null;
  supplierId: string | null;
  receivedAt: number | null;
  /** the expiryDate a near-expiry alert was sent for (null: none yet) */
  expiryAlertedFor: string | null;
  createdAt: number;
  updatedAt: number;
}

/** The stock ledger: append-only (database triggers). quantity is signed: + in, - out. */
export interface InventoryMovementsTable {
  id: string;
  organizationId: string;
  inventoryItemId: string;
  batchId: string;
  transactionId: string;
  type: 'OPENING' | 'RECEIPT' | 'ISSUE' | 'ADJUSTMENT';
  quantity: number;
  balanceAfter: number;
  batchNumber: string | null;
  lotNumber: string | null;
  expiryDate: string | null;
  unitPrice: number | null;
  purchasePrice: number | null;
  supplierId: string | null;
  issuedToId: string | null;
  issuedToName: string | null;
  issuedToType: 'STAFF' | null;
  departmentId: string | null;
  originalTransactionId: string | null;
  reason: string | null;
  notes: string | null;
  locationId: string | null;
  performedBy: string | null;
  transactionAt: number;
  createdAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    inventoryItems: InventoryItemsTable;
    inventoryBatches: InventoryBatchesTable;
    inventoryMovements: InventoryMovementsTable;
  }
}
