import { z } from 'zod';
import { hashPassword } from '../../caller/passwords.ts';
import { AppError } from '../../values/errors.ts';
import { itemResult } from '../../values/results.ts';
import { identityRecord } from './auth.results.ts';
import { newPassword } from './auth.fields.ts';
import { consumeCode, dropCodes, liveCodeByHash, resetCodeHash } from './auth.codes.ts';
import { endSessions, toIdentityRecord, updateIdentity } from './auth.identities.ts';
import { accountEntryOperation, writeIdentity } from './auth.operation.ts';

const input = z.object({
  code: z.string().trim().min(1, 'must not be empty').max(256),
  password: newPassword(),
});

/** An unknown, expired or used code: one answer for all three. */
const invalidCode = () => new AppError('UNAUTHENTICATED', 'the reset code is invalid, expired or already used');

/**
 * Sets a new password with a code from forgotPassword. The code is used up, the new hash set and
 * the identity's other reset codes dropped in one transaction; the hash is computed before it.
 * The identity counts as verified afterwards: the code proved control of its email.
 */
export const resetPassword = accountEntryOperation({
  name: 'resetPassword',
  summary: 'Set a new password with a single-use reset code; answers the account',
  input,
  output: itemResult(identityRecord),
  async handler(ctx, input) {
    const codeHash = resetCodeHash(ctx.config, input.code);
    const found = await liveCodeByHash(ctx.db, 'password_reset', codeHash, ctx.now());
    if (!found) throw invalidCode();
    const passwordHash = await hashPassword(input.password, ctx.config.auth.passwordScryptLog2n);
    const identity = await writeIdentity(ctx, 'auth.resetPassword', async (trx, now) => {
      if (!(await consumeCode(trx, found.id, now))) throw invalidCode();
      await dropCodes(trx, 'password_reset', found.target);
      await endSessions(trx, found.target);
      return updateIdentity(trx, found.target, { passwordHash, isVerified: true, updatedAt: now });
    });
    return { item: toIdentityRecord(identity) };
  },
});
