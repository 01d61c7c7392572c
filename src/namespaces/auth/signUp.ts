import { z } from 'zod';
import { hashPassword } from '../../caller/passwords.ts';
import { AppError } from '../../values/errors.ts';
import { str } from '../../values/fields.ts';
import { signedInResult } from './auth.results.ts';
import { newPassword, normalizedEmail, phoneNumber } from './auth.fields.ts';
import { createIdentity, findIdentityByEmail, findIdentityByPhone } from './auth.identities.ts';
import { accountEntryOperation, writeIdentity } from './auth.operation.ts';
import { signedIn } from './auth.session.ts';

const input = z.object({
  email: normalizedEmail(),
  password: newPassword(),
  phone: phoneNumber().nullish(),
  name: str().trim().nullish(),
  // Accepted for compatibility; no verification mail is sent (see docs).
  verificationCallbackUrl: str().nullish(),
  verification_callback_url: str().nullish(),
});

/**
 * Creates an identity with a password and signs it in. The password is hashed (scrypt, tens of
 * milliseconds) before the short write transaction, so no transaction waits on it.
 */
export const signUp = accountEntryOperation({
  name: 'signUp',
  summary: 'Create an account with email and password; answers an access token and the account',
  input,
  output: signedInResult,
  async handler(ctx, input) {
    // Checked first to spare the hash; the unique indexes still decide a race (CONFLICT too).
    if (await findIdentityByEmail(ctx.db, input.email)) throw new AppError('CONFLICT', 'an account with this email already exists');
    if (input.phone && (await findIdentityByPhone(ctx.db, input.phone))) {
      throw new AppError('CONFLICT', 'an account with this phone number already exists');
    }
    const passwordHash = await hashPassword(input.password, ctx.config.auth.passwordScryptLog2n);
    const identity = await writeIdentity(ctx, 'auth.signUp', (trx, now) =>
      createIdentity(trx, { email: input.email, phone: input.phone ?? null, name: input.name || null, passwordHash, lastLoginAt: now }, now),
    );
    return signedIn(ctx, identity);
  },
});
