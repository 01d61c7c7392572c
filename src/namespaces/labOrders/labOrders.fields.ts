import { z } from 'zod';
import { id, str, ts } from '../../values/fields.ts';
import { money } from '../../values/money.ts';
import { PRIORITIES } from './labOrders.table.ts';

/** Schema pieces and value sets of the labOrders operations (docs/labs-and-content.md). */

/** A test's steps, in order. A test never goes back to an earlier step. */
export const TEST_STATUSES = ['ordered', 'sample_collected', 'processing', 'completed'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];

/**
 * An order's status follows its tests: `ordered` (every test ordered), `in_progress` (some test
 * moved on, not all completed), `completed` (every test completed). `cancelled` is the one status
 * a client sets by hand (not once completed; a cancelled order is final).
 */
export const ORDER_STATUSES = ['ordered', 'in_progress', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export { PRIORITIES };

const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of: ${values.join(', ')}` });
/** Bounded, trimmed text; blank is taken as not given (null). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null);
/** Who did a step: an idpUserId or a name, as the client records it. */
const person = () => z.string().trim().min(1, 'must not be empty').max(256);

export const testStatus = () => oneOf(TEST_STATUSES);
export const orderStatus = () => oneOf(ORDER_STATUSES);
export const priority = () => oneOf(PRIORITIES);

export const MAX_TESTS = 100;

/** A test item as create and update take it: every field optional; null = not given (create) or clear (update). */
export const testInput = z.object({
  /** Update only: when sent, must be the id of the stored test at this position. */
  id: id().optional(),
  name: text(200).nullish(),
  code: text(64).nullish(),
  serviceId: id().nullish(),
  itemType: text(64).nullish(),
  price: money().nullish(),
  quantity: z.int().min(1).max(1000).nullish(),
  reviewStatus: text(64).nullish(),
  instructions: str().nullish(),
  status: testStatus().nullish(),
  sampleCollectedAt: ts().nullish(),
  sampleCollectedBy: person().nullish(),
  sampleType: text(100).nullish(),
  processingStartedAt: ts().nullish(),
  processingStartedBy: person().nullish(),
  completedAt: ts().nullish(),
  completedBy: person().nullish(),
  isExternal: z.boolean().nullish(),
  externalLabName: text(200).nullish(),
  externalMarkedAt: ts().nullish(),
  externalResultUploadedAt: ts().nullish(),
});
export type TestInput = z.output<typeof testInput>;

/** The order's own fields (not tests, not the keys) as create and update take them. */
export const orderFields = {
  selectedLabId: id().nullish(),
  doctorId: id().nullish(),
  consultationId: id().nullish(),
  orderId: text(128).nullish(),
  notes: str().nullish(),
  assignedTo: person().nullish(),
  completedAt: ts().nullish(),
  completedBy: person().nullish(),
};

/** Optional in create and update (interface): an omitted one is the organization of the record the call names (patient, order, file). */
export const optionalOrganizationId = () => id().nullish();
