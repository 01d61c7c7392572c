import { z } from 'zod';
import { isStateCode } from './gst-states.ts';

/**
 * A GSTIN: state code (2 digits), the holder's PAN (5 letters, 4 digits, 1 letter), the number of
 * the PAN's registration in that state (1-9, then A-Z), 'Z', and a check character. The check
 * character is the Luhn mod 36 sum of the first 14 (0-9 = 0..9, A-Z = 10..35; every second
 * character from the left doubled, a product's base-36 digits added).
 */
const FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36.charAt((36 - (sum % 36)) % 36);
}

/** What keeps `value` from being a GSTIN, or undefined if it is one. */
export function gstinProblem(value: string): string | undefined {
  if (value.length !== 15) return 'must be 15 characters';
  if (value !== value.toUpperCase()) return 'must be in capital letters';
  if (!FORMAT.test(value)) return 'must be a state code, a PAN, an entity number, Z and a check character';
  if (!isStateCode(value.slice(0, 2))) return `${value.slice(0, 2)} is not a GST state code`;
  if (gstinCheckCharacter(value) !== value.charAt(14)) return 'check character does not match (a mistyped character?)';
  return undefined;
}

export function isGstin(value: string): boolean {
  return gstinProblem(value) === undefined;
}

/** The state code of a GSTIN ('27' Maharashtra), null when there is no valid GSTIN. */
export function stateOfGstin(gstin: string | null | undefined): string | null {
  return gstin != null && isGstin(gstin) ? gstin.slice(0, 2) : null;
}

/** A GSTIN input: exactly as issued, in capitals (no silent case change on a tax identifier). */
export const gstin = () =>
  z
    .string()
    .length(15, { error: 'must be 15 characters', abort: true })
    .superRefine((value, ctx) => {
      const problem = gstinProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ examples: ['27AAPFU0939F1ZV'] });
