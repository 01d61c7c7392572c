import { z } from 'zod';
import { out } from '../../values/results.ts';
import { writeTimes } from '../../values/result-fields.ts';

/** Result schemas of the auth namespace (src/values/results.ts). */

/** An identity as the API shows it (auth.identities.ts, toIdentityRecord): never the password hash nor the social subject. */
export const identityRecord = out
  .record({
    id: out.id(),
    email: out.text().nullable(),
    phone: out.text().nullable(),
    name: out.text().nullable(),
    isVerified: out.bool(),
    lastLoginAt: out.ts().nullable(),
    ...writeTimes(),
  })
  .meta({ title: 'identity' });

/** What signUp, login, verifyOtp and socialSignUpCallback answer (auth.session.ts). */
export const signedInResult = z.object({
  accessToken: out.text(),
  tokenType: z.literal('Bearer'),
  /** seconds */
  expiresIn: out.int(),
  user: identityRecord,
});

/** What issueOtp answers (auth.otp.ts): `otp` only with the development switch AUTH_DEV_OTP. */
export const otpSentResult = z.object({
  sent: out.bool(),
  mobileNumber: out.text(),
  /** seconds */
  expiresIn: out.int(),
  otp: out.text().optional(),
});
