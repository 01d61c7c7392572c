import { z } from 'zod';
import { email } from '../../values/fields.ts';

/** Schema pieces of the auth namespace. */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/** A password being set (signUp, resetPassword): the password policy. Never trimmed. */
export const newPassword = () =>
  z
    .string()
    .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

/** A password being checked (login): any non-empty string within the policy's upper bound. */
export const givenPassword = () => z.string().min(1, 'must not be empty').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

/** An email, compared and stored trimmed and in lower case. */
export const normalizedEmail = () =>
  z
    .string()
    .max(400)
    .trim()
    .toLowerCase()
    .pipe(email());

const MOBILE_MESSAGE = 'must be a mobile number of 7 to 15 digits, with + and the country code or a countryCode';

/**
 * The mobile number as stored and compared: spaces, dashes, dots and brackets removed; a leading
 * 00 becomes +; a countryCode is prefixed when the number has no leading +. Then `+`? and 7 to 15
 * digits (E.164 allows at most 15). Undefined when it is not a number.
 */
export function normalizeMobileNumber(raw: string, countryCode?: string | null): string | undefined {
  let number = raw.replace(/[\s\-.()]/g, '');
  if (number.startsWith('00')) number = `+${number.slice(2)}`;
  if (countryCode && !number.startsWith('+')) number = `+${countryCode.replace(/[\s\-+]/g, '')}${number}`;
  return /^\+?\d{7,15}$/.test(number) ? number : undefined;
}

/** A phone number field (signUp, login), normalised. */
export const phoneNumber = () =>
  z
    .string()
    .max(40)
    .transform((value, ctx) => {
      const normalized = normalizeMobileNumber(value);
      if (normalized === undefined) {
        ctx.issues.push({ code: 'custom', message: MOBILE_MESSAGE, input: value });
        return z.NEVER;
      }
      return normalized;
    });

/** The mobile-number fields of sendOtp / verifyOtp. `phone` is accepted and not used: mobileNumber is required. */
export const mobileFields = {
  mobileNumber: z.string().trim().min(1, 'must not be empty').max(40),
  phone: z.string().max(40).nullish(),
  countryCode: z
    .string()
    .max(40)
    .trim()
    .regex(/^\+?\d{1,4}$/, 'must be a country calling code such as +91')
    .nullish(),
};

/** A one-time code as sendOtp and patients.requestLink send it: six digits. */
export const otpCode = () => z.string().max(40).trim().regex(/^\d{6}$/, 'must be six digits');

/** Replaces mobileNumber by its normalised form (countryCode applied), or reports it at `mobileNumber`. */
export function withNormalizedMobile<T extends { mobileNumber: string; countryCode?: string | null | undefined }>(
  value: T,
  ctx: z.RefinementCtx<T>,
): T {
  const normalized = normalizeMobileNumber(value.mobileNumber, value.countryCode);
  if (normalized === undefined) {
    ctx.issues.push({ code: 'custom', message: MOBILE_MESSAGE, input: value.mobileNumber, path: ['mobileNumber'] });
    return z.NEVER;
  }
  return { ...value, mobileNumber: normalized };
}
