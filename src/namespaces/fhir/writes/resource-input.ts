import { z } from 'zod';
import { AppError, type ErrorDetail } from '../../../values/errors.ts';
import { FhirRefusal } from '../fhir.outcome.ts';

/** Reading the resources a write is given: bounded schemas, their failures 400, what the server cannot do with a valid resource 422. */

export const MAX_FHIR_TEXT = 10_000;
export const fhirText = (max = MAX_FHIR_TEXT) => z.string().trim().min(1, 'must not be empty').max(max);
export const reference = () => z.object({ reference: z.string().trim().max(200).optional(), display: z.string().max(200).optional() });

/** The body as `schema` reads it; a body that is not such a resource is 400 with each problem's path. */
export function resourceOf<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.slice(0, 20).map((issue) => ({ path: issue.path.join('.') || 'resource', message: issue.message }));
  throw new AppError('VALIDATION_FAILED', 'the resource is not valid', { details });
}

/** A valid resource the server cannot act on (http.html#create: 422 Unprocessable Entity). */
export const unprocessable = (message: string): FhirRefusal => new FhirRefusal(422, 'processing', message);

/** The id of `Type/{id}`, or undefined when the reference is to another type or has no id. */
export function idIn(ref: string | undefined, type: string): string | undefined {
  const match = ref === undefined ? null : new RegExp(`^(?:.*/)?${type}/([A-Za-z0-9\\-.]{1,64})$`).exec(ref);
  return match?.[1];
}

/**
 * The RPC operation's VALIDATION_FAILED for a field the FHIR layer filled from the resource:
 * a valid resource the server cannot act on (422), the field named as the resource names it.
 */
export function asUnprocessable(error: unknown, fieldNames: Readonly<Record<string, string>>): unknown {
  if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') return error;
  const details: ErrorDetail[] = error.details ?? [{ path: '', message: error.message }];
  if (!details.every(({ path }) => path in fieldNames)) return error;
  return unprocessable(details.map(({ path, message }) => `${fieldNames[path] ?? path}: ${message}`).join('; '));
}
