import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../values/errors.ts';
import { str } from '../../values/fields.ts';
import { signedInResult } from './auth.results.ts';
import { createIdentity, findIdentityByEmail, findIdentityBySocialSubject, recordSignIn, type IdentityRow } from './auth.identities.ts';
import { accountEntryOperation, writeIdentity } from './auth.operation.ts';
import { signedIn } from './auth.session.ts';
import { exchangeCode, fetchProfile, socialConfig, type SocialProfile } from './auth.social.ts';
import { redirectUri } from './socialSignUp.ts';

const input = z.object({
  code: z.string().trim().min(1, 'must not be empty').max(2048),
  redirectUri: redirectUri(),
  // RFC 7636: 43 to 128 characters of A-Z a-z 0-9 - . _ ~
  codeVerifier: z.string().max(128).regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'must be the PKCE code verifier from socialSignUp'),
  redirect_uri: str().nullish(),
});

/**
 * Finishes social sign-in: exchanges the code with its PKCE verifier, reads the profile, and signs
 * in the identity linked to the provider subject; else links the identity with the same email
 * when the provider says the email is verified; else creates one. The provider is called before
 * the (short) write transaction opens.
 */
export const socialSignUpCallback = accountEntryOperation({
  name: 'socialSignUpCallback',
  summary: 'Finish social sign-in with the authorization code and PKCE verifier; answers an access token and the account',
  input,
  output: signedInResult,
  async handler(ctx, input) {
    const social = socialConfig(ctx);
    const accessToken = await exchangeCode(social, input.redirectUri, input.code, input.codeVerifier);
    const profile = await fetchProfile(social, accessToken);
    return signedIn(ctx, await writeIdentity(ctx, 'auth.socialSignUpCallback', (trx, now) => signInSocial(trx, profile, now)));
  },
});

async function signInSocial(db: Db, profile: SocialProfile, now: number): Promise<IdentityRow> {
  const socialSubject = `social:${profile.sub}`;
  const linked = await findIdentityBySocialSubject(db, socialSubject);
  if (linked) return recordSignIn(db, linked.id, now);

  const byEmail = profile.email ? await findIdentityByEmail(db, profile.email) : undefined;
  if (!byEmail) {
    return createIdentity(
      db,
      { email: profile.email, name: profile.name, socialSubject, isVerified: profile.emailVerified, lastLoginAt: now },
      now,
    );
  }
  // Linking hands the account to whoever holds the provider account: only on the provider's word
  // that the email is theirs, and never over another provider subject.
  if (!profile.emailVerified) {
    throw new AppError('CONFLICT', 'an account with this email exists and the provider has not verified the email; sign in with a password');
  }
  if (byEmail.socialSubject) throw new AppError('CONFLICT', 'an account with this email is linked to another social sign-in');
  return recordSignIn(db, byEmail.id, now, { socialSubject, isVerified: true, name: byEmail.name ?? profile.name, updatedAt: now });
}
