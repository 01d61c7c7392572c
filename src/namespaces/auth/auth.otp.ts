import { randomDigits, sameHash } from '../../caller/passwords.ts';
import { AppError } from '../../values/errors.ts';
import type { Context } from '../../operations/operation.ts';
import { recordAudit, type AuditEntry } from '../../audit-trail/trail.ts';
import { latestLiveCode, otpHash, replaceCode, takeAttempt, type CodePurpose } from './auth.codes.ts';

/**
 * Six-digit codes sent by SMS to prove a mobile number (sendOtp / verifyOtp, and the patients'
 * requestLink / confirmLink). A code is stored under its purpose and target: only its hash, with
 * an expiry and a bounded number of attempts. The development switch (AUTH_DEV_OTP, never in
 * production) answers the code in `otp` and lets the fixed AUTH_DEV_OTP_CODE pass.
 */
export interface OtpTarget {
  purpose: CodePurpose;
  /** What the code is stored and hashed under (the number, or the number with what it proves it for). */
  target: string;
  mobileNumber: string;
}

export interface OtpSent {
  sent: boolean;
  mobileNumber: string;
  expiresIn: number;
  otp?: string;
}

/**
 * Issues a new code for the target (replacing any earlier one) with its audit row, then sends
 * `message(code, minutes)` by SMS after the transaction has committed. NOT_CONFIGURED without an
 * SMS provider and without the development switch.
 */
export async function issueOtp(
  ctx: Context,
  to: OtpTarget,
  message: (code: string, minutes: number) => string,
  audit: Omit<AuditEntry, 'recordId'>,
): Promise<OtpSent> {
  const { devOtp, otpTtlSeconds } = ctx.config.auth;
  const sms = ctx.services.sms;
  if (!sms && !devOtp) throw new AppError('NOT_CONFIGURED', 'sending one-time codes needs an SMS provider (SMS_URL)');
  const code = randomDigits(6);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const codeHash = otpHash(ctx.config, to.purpose, to.target, code);
    const row = await replaceCode(trx, { purpose: to.purpose, target: to.target, codeHash, expiresAt: now + otpTtlSeconds * 1000 }, now);
    await recordAudit(trx, ctx, { ...audit, recordId: row.id });
  });
  if (sms) {
    try {
      await sms.send(to.mobileNumber, message(code, Math.max(1, Math.round(otpTtlSeconds / 60))));
    } catch (error) {
      ctx.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'one-time code SMS could not be sent');
      throw new AppError('NOT_CONFIGURED', 'the SMS provider did not accept the message; try again later');
    }
  }
  return { sent: sms !== undefined, mobileNumber: to.mobileNumber, expiresIn: otpTtlSeconds, ...(devOtp ? { otp: code } : {}) };
}

/**
 * Checks a code against the target's live one. Each try takes one attempt before the comparison,
 * committed at once (so a wrong code still counts); after OTP_MAX_ATTEMPTS the code is dead.
 * Answers the code's id, for the caller to consume in its write transaction, or null when the
 * development code was given; throws `refusal()` otherwise.
 */
export async function checkOtp(ctx: Context, to: Omit<OtpTarget, 'mobileNumber'>, otp: string, refusal: () => AppError): Promise<string | null> {
  const { devOtp, devOtpCode, otpMaxAttempts } = ctx.config.auth;
  if (devOtp && otp === devOtpCode) return null;
  const live = await latestLiveCode(ctx.db, to.purpose, to.target, ctx.now());
  if (!live || !(await takeAttempt(ctx.db, live.id, otpMaxAttempts))) throw refusal();
  if (!sameHash(live.codeHash, otpHash(ctx.config, to.purpose, to.target, otp))) throw refusal();
  return live.id;
}
