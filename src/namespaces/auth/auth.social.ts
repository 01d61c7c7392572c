import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError } from 'arctic';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../values/errors.ts';
import type { Context } from '../../operations/operation.ts';

/**
 * The OAuth 2.0 authorization-code flow with PKCE (S256) against the one provider configured in
 * SOCIAL_*. Failures map to:
 * - not configured: NOT_CONFIGURED (503);
 * - the provider rejects the code, verifier or redirect URI (an OAuth error answer such as
 *   invalid_grant), or the userinfo endpoint rejects the access token: UNAUTHENTICATED (401);
 * - the provider unreachable, timing out, or answering something that is not OAuth (5xx, not
 *   JSON, no access token, a profile without `sub`), or refusing this service as a client
 *   (invalid_client, unauthorized_client: wrong SOCIAL_CLIENT_*): NOT_CONFIGURED (503) with a message that says
 *   so. It is the contract's one 503 code ("the outside provider is not available"); INTERNAL
 *   stays for faults of this service.
 */

export type SocialConfig = NonNullable<Config['social']>;

const PROVIDER_TIMEOUT_MS = 10_000;
const CLIENT_ERRORS = new Set(['invalid_client', 'unauthorized_client']);

export function socialConfig(ctx: Context): SocialConfig {
  const social = ctx.config.social;
  if (!social) throw new AppError('NOT_CONFIGURED', 'social sign-in is not configured (SOCIAL_* variables)');
  return social;
}

export function scopesOf(scope: string): string[] {
  return scope.split(/[\s,]+/).filter(Boolean);
}

export function authorizationUrl(social: SocialConfig, redirectUri: string, state: string, codeVerifier: string, scope: string): string {
  const client = new OAuth2Client(social.clientId, social.clientSecret, redirectUri);
  return client.createAuthorizationURLWithPKCE(social.authorizationUrl, state, CodeChallengeMethod.S256, codeVerifier, scopesOf(scope)).toString();
}

const unavailable = (what: string) => new AppError('NOT_CONFIGURED', `the sign-in provider is not available (${what}); try again later`);

/** Exchanges the authorization code (with its PKCE verifier) for the provider's access token. */
export async function exchangeCode(social: SocialConfig, redirectUri: string, code: string, codeVerifier: string): Promise<string> {
  const client = new OAuth2Client(social.clientId, social.clientSecret, redirectUri);
  let tokens;
  try {
    tokens = await withTimeout(client.validateAuthorizationCode(social.tokenUrl, code, codeVerifier), PROVIDER_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof OAuth2RequestError) {
      // The provider refusing this service itself is a configuration fault, not the caller's.
      if (CLIENT_ERRORS.has(error.code)) throw unavailable(`it refused this service as a client: ${error.code}`);
      throw new AppError('UNAUTHENTICATED', `the sign-in provider rejected the code (${error.code})`);
    }
    throw unavailable('token endpoint');
  }
  try {
    return tokens.accessToken();
  } catch {
    throw unavailable('no access token in its answer');
  }
}

export interface SocialProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const profileSchema = z.object({
  sub: z.union([z.string().trim().min(1).max(255), z.int().transform(String)]),
  email: z.email().max(320).optional().catch(undefined),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional().catch(undefined),
  name: z.string().trim().max(500).optional().catch(undefined),
});

/** Reads the signed-in person's profile from the userinfo endpoint. */
export async function fetchProfile(social: SocialConfig, accessToken: string): Promise<SocialProfile> {
  let response: Response;
  try {
    response = await fetch(social.userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch {
    throw unavailable('userinfo endpoint');
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    throw new AppError('UNAUTHENTICATED', 'the sign-in provider did not accept its own access token');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw unavailable(`userinfo answered ${response.status}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw unavailable('userinfo answer is not JSON');
  }
  const parsed = profileSchema.safeParse(body);
  if (!parsed.success) throw unavailable('profile without a subject');
  const profile = parsed.data;
  return { sub: profile.sub, email: profile.email?.toLowerCase() ?? null, emailVerified: profile.email_verified === true, name: profile.name || null };
}

/** Rejects after `ms`; the race keeps the slow promise's own rejection handled. */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
