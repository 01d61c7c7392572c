import { everyone } from '../../access/audience.ts';
import { z } from 'zod';
import { randomDigits } from '../../auth/passwords.ts';
import { AppError } from '../../rpc/errors.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { mobileFields, withNormalizedMobile } from './auth.fields.ts';
import { otpHash, replaceCode } from './codes.repo.ts';
import { LIMITS, perAddress, perIdentifier } from './limits.ts';

const input = z.object(mobileFields).transform(withNormalizedMobile);

/**
 * Issues a random six-digit code for the mobile number (stored hashed, expiring, replacing any
 * earlier one) and sends it by SMS when a provider is configured. With the development switch
 * (AUTH_DEV_OTP, never in production) the code is also returned in `otp`. The SMS goes out after
 * the write transaction has committed.
 */
export const sendOtp = defineOperation({
  namespace: 'auth',
  name: 'sendOtp', audience: everyone,
  summary: 'Send a one-time sign-in code to a mobile number',
  writes: 'manual',
  input,
  rateLimits: [
    perIdentifier('sendOtp', LIMITS.sendOtp.identifier, (input: { mobileNumber: string }) => input.mobileNumber),
    perAddress('sendOtp', LIMITS.sendOtp.address),
  ],
  async handler(ctx, input) {
    const { devOtp, otpTtlSeconds } = ctx.config.auth;
    const sms = ctx.services.sms;
    if (!sms && !devOtp) throw new AppError('NOT_CONFIGURED', 'sending one-time codes needs an SMS provider (SMS_URL)');
    const number = input.mobileNumber;
    const code = randomDigits(6);
    await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      const row = await replaceCode(
        trx,
        { purpose: 'otp', target: number, codeHash: otpHash(ctx.config, number, code), expiresAt: now + otpTtlSeconds * 1000 },
        now,
      );
      await recordAudit(trx, ctx, { operation: 'auth.sendOtp', recordId: row.id, organizationId: null });
    });
    if (sms) {
      const minutes = Math.max(1, Math.round(otpTtlSeconds / 60));
      try {
        await sms.send(number, `Your sign-in code is ${code}. It expires in ${minutes} minutes. Do not share it.`);
      } catch (error) {
        ctx.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'one-time code SMS could not be sent');
        throw new AppError('NOT_CONFIGURED', 'the SMS provider did not accept the message; try again later');
      }
    }
    return { sent: sms !== undefined, mobileNumber: number, expiresIn: otpTtlSeconds, ...(devOtp ? { otp: code } : {}) };
  },
});
