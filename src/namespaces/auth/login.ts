import { z } from 'zod';
import { burnPasswordCheck, verifyPassword } from '../../caller/passwords.ts';
import { AppError } from '../../values/errors.ts';
import { signedInResult } from './auth.results.ts';
import { givenPassword, normalizedEmail, normalizeMobileNumber, phoneNumber } from './auth.fields.ts';
import { findIdentityByEmail, findIdentityByPhone, normalizeEmail, recordSignIn } from './auth.identities.ts';
import { LIMITS, signInFailures } from './auth.limits.ts';
import { accountEntryOperation, writeIdentity } from './auth.operation.ts';
import { signedIn } from './auth.session.ts';

type Identifier = { kind: 'email' | 'phone'; value: string };

/** email wins over phone, phone over username; a username with @ is an email, else a phone number. */
function identifierOf(input: { email?: string | null; phone?: string | null; username?: string | null }): Identifier | undefined {
  if (input.email) return { kind: 'email', value: input.email };
  if (input.phone) return { kind: 'phone', value: input.phone };
  if (!input.username) return undefined;
  if (input.username.includes('@')) return { kind: 'email', value: normalizeEmail(input.username) };
  // A username that is no phone number cannot match an account: it fails like a wrong password.
  return { kind: 'phone', value: normalizeMobileNumber(input.username) ?? input.username };
}

const input = z
  .object({
    password: givenPassword(),
    email: normalizedEmail().nullish(),
    username: z.string().trim().min(1, 'must not be empty').max(320).nullish(),
    phone: phoneNumber().nullish(),
  })
  .transform((value, ctx) => {
    const identifier = identifierOf(value);
    if (!identifier) {
      ctx.issues.push({ code: 'custom', message: 'one of email, username or phone is required', input: value, path: [] });
      return z.NEVER;
    }
    return { password: value.password, identifier };
  });

const rejected = () => new AppError('UNAUTHENTICATED', 'wrong email, phone or password');

/**
 * Signs in with a password. Every failure is the same UNAUTHENTICATED answer, and an unknown
 * account still spends one password check, so neither the answer nor its timing tells whether
 * the account exists. Failures are throttled per account and address, and per account without
 * locking out an address that has not failed (auth.limits.ts). Runs its own short transaction
 * after the (slow) check.
 */
export const login = accountEntryOperation({
  name: 'login',
  summary: 'Sign in with a password and email, phone or username; answers an access token and the account',
  input,
  output: signedInResult,
  rateLimits: signInFailures('auth.login', LIMITS.login, (input: { identifier: Identifier }) => input.identifier.value),
  async handler(ctx, { password, identifier }) {
    const identity =
      identifier.kind === 'email' ? await findIdentityByEmail(ctx.db, identifier.value) : await findIdentityByPhone(ctx.db, identifier.value);
    if (!identity?.passwordHash) {
      await burnPasswordCheck(password, ctx.config.auth.passwordScryptLog2n);
      throw rejected();
    }
    if (!(await verifyPassword(password, identity.passwordHash))) throw rejected();
    return signedIn(ctx, await writeIdentity(ctx, 'auth.login', (trx, now) => recordSignIn(trx, identity.id, now)));
  },
});
