import { z } from 'zod';

/** Schema pieces and rules of the preConsultationForms inputs (docs/labs-and-content.md). */

/** `draft`: being filled in. `submitted`: handed in; sets submittedAt and the appointment's isPreConsultationCompleted. */
export const STATUSES = ['draft', 'submitted'] as const;
export type FormStatus = (typeof STATUSES)[number];

/** Largest `answers`, serialised as JSON (UTF-8 bytes). */
export const MAX_ANSWERS_BYTES = 64 * 1024;
/** Deepest nesting of `answers`: the object itself is level 1, each object or array inside adds one. */
export const MAX_ANSWERS_DEPTH = 10;
export const MAX_DEPARTMENT_NAME = 200;

/** Compared trimmed and in lower case, so `Submitted ` is `submitted`. */
export const status = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(STATUSES, { error: `must be one of: ${STATUSES.join(', ')}` }))
    .meta({ description: `one of: ${STATUSES.join(', ')} (compared trimmed, in lower case)` });

export const departmentName = () => z.string().trim().min(1, 'must not be empty').max(MAX_DEPARTMENT_NAME);

/** The key one form per appointment and department is unique on: trimmed, inner whitespace collapsed, lower case. */
export function departmentKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Does `value` nest deeper than `max` levels? Stops at the first level past it, so deep input costs little. */
function deeperThan(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (max === 0) return true;
  const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
  return children.some((child) => deeperThan(child, max - 1));
}

/** `o`: any JSON object, kept as given, within the depth and size bounds. */
export const answers = () =>
  z
    .record(z.string(), z.unknown())
    .meta({ description: `any JSON object: at most ${MAX_ANSWERS_DEPTH} levels deep and ${MAX_ANSWERS_BYTES} bytes as JSON` })
    .superRefine((value, ctx) => {
      if (deeperThan(value, MAX_ANSWERS_DEPTH)) {
        ctx.addIssue({ code: 'custom', message: `must not nest deeper than ${MAX_ANSWERS_DEPTH} levels` });
        return;
      }
      const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
      if (bytes > MAX_ANSWERS_BYTES) ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_ANSWERS_BYTES} bytes as JSON (is ${bytes})` });
    });
