import { z } from 'zod';
import { otpSentResult } from './auth.results.ts';
import { mobileFields, withNormalizedMobile } from './auth.fields.ts';
import { codeRequests, LIMITS } from './auth.limits.ts';
import { accountEntryOperation } from './auth.operation.ts';
import { issueOtp } from './auth.otp.ts';

const input = z.object(mobileFields).transform(withNormalizedMobile);

/**
 * Issues a random six-digit code for the mobile number (stored hashed, expiring, replacing any
 * earlier one) and sends it by SMS when a provider is configured. With the development switch
 * (AUTH_DEV_OTP, never in production) the code is also returned in `otp`. The SMS goes out after
 * the write transaction has committed.
 */
export const sendOtp = accountEntryOperation({
  name: 'sendOtp',
  summary: 'Send a one-time sign-in code to a mobile number',
  input,
  output: otpSentResult,
  rateLimits: codeRequests('auth.sendOtp', LIMITS.sendOtp, (input: { mobileNumber: string }) => input.mobileNumber),
  handler(ctx, input) {
    const number = input.mobileNumber;
    return issueOtp(
      ctx,
      { purpose: 'otp', target: number, mobileNumber: number },
      (code, minutes) => `Your sign-in code is ${code}. It expires in ${minutes} minutes. Do not share it.`,
      { operation: 'auth.sendOtp', organizationId: null },
    );
  },
});
