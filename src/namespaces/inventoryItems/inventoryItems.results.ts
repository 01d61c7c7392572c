import { z } from 'zod';
import { out } from '../../values/results.ts';
import { organizationRecordKey, writeTimes } from '../../values/result-fields.ts';
import { MOVEMENT_TYPES } from './inventoryItems.repo.ts';
import { inventoryItems } from './inventoryItems.resource.ts';

/** Result schemas of the inventoryItems operations (src/values/results.ts). */

/**
 * An item (toItem): the resource's record, with `quantity` (never null: stock on hand) and the
 * read-only `batchId` (the batch the batch fields describe) that the resource does not describe.
 */
export const itemRecord = z.intersection(inventoryItems.schemas.record, out.record({ quantity: out.int(), batchId: out.id().nullable() }));

/** What names a batch and when it expires: a movement carries its batch's (inventoryItems.table.ts). */
const batchLabel = { batchNumber: out.text().nullable(), lotNumber: out.text().nullable(), expiryDate: out.date().nullable() };

/** A batch of an item (toBatch); `isExpired` is relative to today in the service zone. */
export const batchRecord = out.record({
  ...organizationRecordKey(),
  inventoryItemId: out.id(),
  ...batchLabel,
  quantity: out.int(),
  isExpired: out.bool(),
  purchasePrice: out.number().nullable(),
  supplierId: out.id().nullable(),
  receivedAt: out.ts().nullable(),
  ...writeTimes(),
}).meta({ title: 'inventoryBatch' });

/** A stock movement of the ledger (toMovement): `quantity` signed, money as amounts. */
export const movementRecord = out.record({
  ...organizationRecordKey(),
  inventoryItemId: out.id(),
  batchId: out.id(),
  transactionId: out.id(),
  type: z.enum(MOVEMENT_TYPES),
  quantity: out.int(),
  balanceAfter: out.int(),
  ...batchLabel,
  unitPrice: out.number().nullable(),
  purchasePrice: out.number().nullable(),
  supplierId: out.id().nullable(),
  issuedToId: out.id().nullable(),
  issuedToName: out.text().nullable(),
  issuedToType: z.literal('STAFF').nullable(),
  departmentId: out.id().nullable(),
  originalTransactionId: out.id().nullable(),
  reason: out.text().nullable(),
  notes: out.text().nullable(),
  locationId: out.id().nullable(),
  performedBy: out.text().nullable(),
  transactionAt: out.ts(),
  createdAt: out.ts(),
}).meta({ title: 'inventoryMovement' });

/** issueStock and adjustStock: the item after the change and the movements of one transaction. */
export const stockTransactionResult = z.object({ item: itemRecord, transactionId: out.id(), movements: z.array(movementRecord) });
