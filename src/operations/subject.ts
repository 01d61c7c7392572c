import { z } from 'zod';

/** The record a write is about, as the audit trail keeps it (src/audit-trail/trail.ts). */
export interface Subject {
  recordId: string | null;
  /** null: the organization the call concerned, or none */
  organizationId: string | null;
}

export type SubjectOf<R> = (result: R) => Subject;

const none: Subject = { recordId: null, organizationId: null };

/** The keys every answer of the schema has at its top level. */
function keysOf(schema: z.core.$ZodType): Set<string> {
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const [first, ...rest] = schema.options.map((option) => keysOf(option));
    return new Set([...(first ?? [])].filter((key) => rest.every((keys) => keys.has(key))));
  }
  return new Set();
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function subjectOfRecord(record: unknown): Subject {
  if (typeof record !== 'object' || record === null) return none;
  return { recordId: text(Reflect.get(record, 'id')), organizationId: text(Reflect.get(record, 'organizationId')) };
}

/**
 * The subject of a write, read from the operation's declared output: an `{ item }` answer is about
 * its item; an answer with an `id` of its own (a delete) about that id; any other answer names no
 * record unless the operation declares `subject` itself.
 */
export function subjectFromOutput(output: z.ZodType | undefined): SubjectOf<unknown> {
  const keys = output ? keysOf(output) : new Set<string>();
  if (keys.has('item')) return (result) => (typeof result === 'object' && result !== null ? subjectOfRecord(Reflect.get(result, 'item')) : none);
  if (keys.has('id')) return subjectOfRecord;
  return () => none;
}
