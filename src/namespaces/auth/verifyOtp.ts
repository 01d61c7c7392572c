import { z } from 'zod';
import { AppError } from '../../values/errors.ts';
import type { Db } from '../../db/database.ts';
import { signedInResult } from './auth.results.ts';
import { mobileFields, otpCode, withNormalizedMobile } from './auth.fields.ts';
import { consumeCode } from './auth.codes.ts';
import { createIdentity, findIdentityByPhone, recordSignIn, type IdentityRow } from './auth.identities.ts';
import { LIMITS, signInFailures } from './auth.limits.ts';
import { accountEntryOperation, writeIdentity } from './auth.operation.ts';
import { checkOtp } from './auth.otp.ts';
import { signedIn } from './auth.session.ts';

const input = z
  .object({ ...mobileFields, otp: otpCode() })
  .transform(withNormalizedMobile);

const wrongCode = () => new AppError('UNAUTHENTICATED', 'the code is wrong, expired or used up; ask for a new one');

/**
 * Checks a code from sendOtp and signs the number in, creating its identity on first use. Each
 * try takes one attempt from the code before it is compared (committed at once, so a wrong code
 * still counts); after OTP_MAX_ATTEMPTS the code is dead. With the development switch the fixed
 * AUTH_DEV_OTP_CODE is accepted as well.
 */
export const verifyOtp = accountEntryOperation({
  name: 'verifyOtp',
  summary: 'Sign in with a one-time code sent to a mobile number; answers an access token and the account',
  input,
  output: signedInResult,
  rateLimits: signInFailures('auth.verifyOtp', LIMITS.verifyOtp, (input: { mobileNumber: string }) => input.mobileNumber),
  async handler(ctx, input) {
    const number = input.mobileNumber;
    const codeId = await checkOtp(ctx, { purpose: 'otp', target: number }, input.otp, wrongCode);
    const identity = await writeIdentity(ctx, 'auth.verifyOtp', async (trx, now) => {
      if (codeId && !(await consumeCode(trx, codeId, now))) throw wrongCode();
      return signInNumber(trx, number, now);
    });
    return signedIn(ctx, identity);
  },
});

/** The number's identity, created (verified) on first sign-in. */
async function signInNumber(db: Db, number: string, now: number): Promise<IdentityRow> {
  const existing = await findIdentityByPhone(db, number);
  if (!existing) return createIdentity(db, { phone: number, isVerified: true, lastLoginAt: now }, now);
  return recordSignIn(db, existing.id, now, existing.isVerified ? {} : { isVerified: true, updatedAt: now });
}
