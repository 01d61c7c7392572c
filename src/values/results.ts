import { z } from 'zod';

/**
 * The pieces of result schemas (docs/api.md, "Results"): what an operation answers, described as it
 * is answered. An input schema checks what a caller may send (bounds, formats); a result schema says
 * what a caller receives, so it is looser where stored data may be older than today's bounds.
 * Records are loose objects: the fields they name are checked, and a column added later passes.
 */
export const out = {
  id: () => z.string(),
  text: () => z.string(),
  int: () => z.int(),
  number: () => z.number(),
  bool: () => z.boolean(),
  /** unix milliseconds */
  ts: () => z.int(),
  /** YYYY-MM-DD */
  date: () => z.string(),
  /** HH:mm */
  time: () => z.string(),
  strings: () => z.array(z.string()),
  object: () => z.record(z.string(), z.unknown()),
  /** a record of its own kind, with the fields it names */
  record: <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape),
};

/** `{ item }`: the record an operation created, read or changed. */
export function itemResult<S extends z.ZodType>(record: S) {
  return z.object({ item: record });
}

/** `{ items }`: records without paging. */
export function itemsResult<S extends z.ZodType>(record: S) {
  return z.object({ items: z.array(record) });
}

/** A page of records (src/values/paging.ts). */
export function pageResult<S extends z.ZodType>(record: S) {
  return z.object({ items: z.array(record), total: z.int().min(0), page: z.int().min(1), pageSize: z.int().min(1), totalPages: z.int().min(0) });
}

/** `{ id, deleted: true }` */
export const deletedResult = z.object({ id: z.string(), deleted: z.literal(true) });

/** The answer of a delete. */
export const deletedAnswer = (id: string) => ({ id, deleted: true as const });

/** A portion of food as a calorie log entry or an image analysis gives it (kcal and grams; null: not known). */
export const portionFields = () => ({
  name: out.text(),
  calories: out.number(),
  protein: out.number().nullable(),
  carbs: out.number().nullable(),
  fat: out.number().nullable(),
  fiber: out.number().nullable(),
  quantity: out.text().nullable(),
});
