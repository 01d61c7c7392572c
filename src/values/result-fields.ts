import type { z } from 'zod';
import { out } from './results.ts';

/**
 * Groups of fields that many result schemas share (src/values/results.ts): a record's shape spreads
 * the group where it belongs, so that each group is described once.
 */

/** An organization's record: its own id and the organization's. */
export const organizationRecordKey = () => ({ id: out.id(), organizationId: out.id() });

/** When a record was written and last changed (unix milliseconds). */
export const writeTimes = () => ({ createdAt: out.ts(), updatedAt: out.ts() });

/** The same in a shape answered before the record's first write: null until then. */
export const writeTimesOrNull = () => ({ createdAt: out.ts().nullable(), updatedAt: out.ts().nullable() });

/** The nutrients beside calories, in grams, each described by `figure` (a value, or one that may be null). */
export const nutrientGrams = <S extends z.ZodType>(figure: () => S) => ({ protein: figure(), carbs: figure(), fat: figure(), fiber: figure() });
