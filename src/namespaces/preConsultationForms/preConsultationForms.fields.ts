import { z } from 'zod';
import { bounded } from '../../values/bounds.ts';

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
    .max(32)
    .trim()
    .toLowerCase()
    .pipe(z.enum(STATUSES, { error: `must be one of: ${STATUSES.join(', ')}` }))
    .meta({ description: `one of: ${STATUSES.join(', ')} (compared trimmed, in lower case)` });

export const departmentName = () => z.string().trim().min(1, 'must not be empty').max(MAX_DEPARTMENT_NAME);

/** The key one form per appointment and department is unique on: trimmed, inner whitespace collapsed, lower case. */
export function departmentKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** `o`: any JSON object, kept as given, within the depth and size bounds. */
export const answers = () =>
  bounded(z.record(z.string(), z.unknown()), { bytes: MAX_ANSWERS_BYTES, depth: MAX_ANSWERS_DEPTH, keys: 1_000, text: MAX_ANSWERS_BYTES }).meta({
    description: `any JSON object: at most ${MAX_ANSWERS_DEPTH} levels deep and ${MAX_ANSWERS_BYTES} bytes as JSON`,
  });
