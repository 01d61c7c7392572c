import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError } from '../../values/errors.ts';
import { bool, str } from '../../values/fields.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import type { Mailer } from '../../provider-interfaces.ts';
import { recordAudit } from '../../audit-trail/trail.ts';
import { normalizedEmail } from './auth.fields.ts';
import { newResetCode, replaceCode, resetCodeHash } from './auth.codes.ts';
import { findIdentityByEmail } from './auth.identities.ts';
import { LIMITS, perAddress, perIdentifier } from './auth.limits.ts';

const input = z.object({
  email: normalizedEmail(),
  // Accepted and not used: a link to a client-chosen address would hand the code to whoever
  // asked for the reset. The mail carries the code itself. `debug` never reveals the code.
  callbackUrl: str().nullish(),
  callback_url: str().nullish(),
  debug: bool().nullish(),
});

const ACCEPTED = {
  accepted: true,
  message: 'If an account exists for this email, a password reset code has been sent to it.',
} as const;

/**
 * Starts a password reset. The answer is the same whether or not the email is known; the mail
 * is sent after the response is decided (not awaited), so the answer's timing does not tell
 * either. A new request replaces the identity's earlier reset codes.
 */
export const forgotPassword = defineOperation({
  namespace: 'auth',
  name: 'forgotPassword', audience: everyone,
  summary: 'Send a single-use password reset code to the email, if it has an account',
  writes: 'manual',
  input,
  output: z.object({ accepted: z.literal(true), message: z.literal(ACCEPTED.message) }),
  rateLimits: [
    perIdentifier('auth.forgotPassword', LIMITS.forgotPassword.identifier, (input: { email: string }) => input.email),
    perAddress('auth.forgotPassword', LIMITS.forgotPassword.address),
  ],
  async handler(ctx, input) {
    const mailer = ctx.services.mailer;
    if (!mailer && ctx.config.isProduction) throw new AppError('NOT_CONFIGURED', 'password reset needs a mail provider (SMTP_URL)');
    const identity = await findIdentityByEmail(ctx.db, input.email);
    const code = identity ? newResetCode() : undefined;
    await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      if (identity && code) {
        const expiresAt = now + ctx.config.auth.passwordResetTtlSeconds * 1000;
        await replaceCode(trx, { purpose: 'password_reset', target: identity.id, codeHash: resetCodeHash(ctx.config, code), expiresAt }, now);
      }
      await recordAudit(trx, ctx, { operation: 'auth.forgotPassword', recordId: identity?.id ?? null, organizationId: null });
    });
    if (identity && code) deliver(ctx, mailer, input.email, code);
    return ACCEPTED;
  },
});

function deliver(ctx: Context, mailer: Mailer | undefined, email: string, code: string): void {
  if (!mailer) {
    // Development only (production without a mailer stopped above): the one place a code is logged.
    ctx.log.info({ email, passwordResetCode: code }, 'no mail provider configured: password reset code written to the log');
    return;
  }
  const minutes = Math.round(ctx.config.auth.passwordResetTtlSeconds / 60);
  const text = [
    `Someone (hopefully you) asked to reset the password of the account for ${email}.`,
    '',
    'Your password reset code:',
    '',
    `    ${code}`,
    '',
    `It works once and expires in ${minutes} minutes. If you did not ask for this, ignore this mail: your password stays as it is.`,
  ].join('\n');
  mailer.send({ to: email, subject: 'Your password reset code', text }).catch((error: unknown) => {
    ctx.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'password reset mail could not be sent');
  });
}
