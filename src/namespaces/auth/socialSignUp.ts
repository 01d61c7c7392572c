import { everyone } from '../../operations/audience.ts';
import { generateCodeVerifier, generateState } from 'arctic';
import { z } from 'zod';
import { str } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { authorizationUrl, socialConfig } from './auth.social.ts';

export const redirectUri = () => z.url({ error: 'must be an absolute URL' }).max(2000);

const input = z.object({
  redirectUri: redirectUri(),
  // Accepted for compatibility; redirectUri (required) is the one used.
  redirect_uri: str().nullish(),
  state: z.string().trim().min(1, 'must not be empty').max(512).nullish(),
  providerScope: z.string().trim().min(1, 'must not be empty').max(1000).nullish(),
});

/**
 * Starts social sign-in: the provider's authorization URL with a PKCE (S256) challenge. The
 * client keeps `codeVerifier` (and checks `state` when the provider redirects back) and hands
 * both code and verifier to socialSignUpCallback. `providerScope` replaces the configured scope.
 * Nothing is stored.
 */
export const socialSignUp = defineOperation({
  namespace: 'auth',
  name: 'socialSignUp', audience: everyone,
  summary: 'Start social sign-in: answers the provider authorization URL, state and PKCE code verifier',
  input,
  output: z.object({ authorizationUrl: out.text(), state: out.text(), codeVerifier: out.text() }),
  async handler(ctx, input) {
    const social = socialConfig(ctx);
    const state = input.state ?? generateState();
    const codeVerifier = generateCodeVerifier();
    return {
      authorizationUrl: authorizationUrl(social, input.redirectUri, state, codeVerifier, input.providerScope ?? social.scope),
      state,
      codeVerifier,
    };
  },
});
