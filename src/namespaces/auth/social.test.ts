import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { after, test } from 'node:test';
import { describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';
import { authCall, nextIp, uniqueEmail } from './auth.testkit.ts';
import { LIMITS } from './auth.limits.ts';
import { tokenService } from '../../caller/tokens.ts';

/**
 * A small OAuth 2.0 provider: /authorize records the PKCE challenge and redirects with a code,
 * /token checks the client secret (Basic), the redirect URI and the S256 challenge against the
 * verifier, /userinfo answers the profile for the access token.
 */
const CLIENT_ID = 'healthops-test-client';
const CLIENT_SECRET = 'the-client-secret';
type Profile = Record<string, unknown>;
const grants = new Map<string, { challenge: string; redirectUri: string; profile: Profile }>();
const accessTokens = new Map<string, Profile>();
const provider = { nextProfile: {} as Profile, lastAuthorize: new URLSearchParams() };

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function handle(request: IncomingMessage, body: string, response: ServerResponse): void {
  const url = new URL(request.url!, 'http://provider');
  if (url.pathname === '/authorize') {
    const q = url.searchParams;
    provider.lastAuthorize = q;
    if (q.get('client_id') !== CLIENT_ID || q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256') {
      return json(response, 400, { error: 'invalid_request' });
    }
    const code = randomBytes(12).toString('hex');
    grants.set(code, { challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')!, profile: provider.nextProfile });
    const back = new URL(q.get('redirect_uri')!);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state')!);
    return void response.writeHead(302, { location: back.toString() }).end();
  }
  if (url.pathname === '/token' && request.method === 'POST') {
    const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return json(response, 401, { error: 'invalid_client' });
    const form = new URLSearchParams(body);
    const code = form.get('code')!;
    if (code === 'provider-breaks') return json(response, 500, { oops: true });
    const grant = grants.get(code);
    grants.delete(code);
    if (form.get('grant_type') !== 'authorization_code' || !grant) return json(response, 400, { error: 'invalid_grant' });
    if (form.get('redirect_uri') !== grant.redirectUri) return json(response, 400, { error: 'invalid_grant', error_description: 'redirect_uri' });
    const challenge = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
    if (challenge !== grant.challenge) return json(response, 400, { error: 'invalid_grant', error_description: 'PKCE' });
    const accessToken = randomBytes(16).toString('hex');
    accessTokens.set(accessToken, grant.profile);
    return json(response, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
  }
  if (url.pathname === '/userinfo') {
    const profile = accessTokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
    return profile ? json(response, 200, profile) : json(response, 401, { error: 'invalid_token' });
  }
  json(response, 404, {});
}

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => handle(request, body, response));
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const socialEnv = (secret = CLIENT_SECRET) => ({
  SOCIAL_AUTHORIZATION_URL: `${base}/authorize`,
  SOCIAL_TOKEN_URL: `${base}/token`,
  SOCIAL_USERINFO_URL: `${base}/userinfo`,
  SOCIAL_CLIENT_ID: CLIENT_ID,
  SOCIAL_CLIENT_SECRET: secret,
});

const REDIRECT = 'https://app.example.test/auth/callback';

/** socialSignUp, then what the browser does: follow the authorization URL back to the redirect URI. */
async function authorize(t: () => TestApp, profile: Profile, data: Record<string, unknown> = {}) {
  const start = ok(await t().call('auth', 'socialSignUp', { redirectUri: REDIRECT, ...data }));
  provider.nextProfile = profile;
  const response = await fetch(start.authorizationUrl, { redirect: 'manual' });
  assert.equal(response.status, 302);
  const back = new URL(response.headers.get('location')!);
  assert.equal(back.searchParams.get('state'), start.state);
  return { start, code: back.searchParams.get('code')!, codeVerifier: start.codeVerifier as string };
}

describeEachDialect(
  'auth social sign-in',
  (t) => {
    const call = authCall(t);
    const callback = (code: string, codeVerifier: string, redirectUri = REDIRECT) =>
      call('socialSignUpCallback', { code, codeVerifier, redirectUri });

    test('socialSignUp answers a PKCE S256 authorization URL, the state and the verifier', async () => {
      const start = ok(await call('socialSignUp', { redirectUri: REDIRECT, state: 'my-state', providerScope: 'openid email' }));
      assert.equal(start.state, 'my-state');
      assert.match(start.codeVerifier, /^[A-Za-z0-9_-]{43,128}$/);
      const url = new URL(start.authorizationUrl);
      assert.equal(`${url.origin}${url.pathname}`, `${base}/authorize`);
      assert.equal(url.searchParams.get('client_id'), CLIENT_ID);
      assert.equal(url.searchParams.get('redirect_uri'), REDIRECT);
      assert.equal(url.searchParams.get('state'), 'my-state');
      assert.equal(url.searchParams.get('scope'), 'openid email');
      assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
      assert.equal(url.searchParams.get('code_challenge'), createHash('sha256').update(start.codeVerifier).digest('base64url'));
      assert.equal(start.authorizationUrl.includes(CLIENT_SECRET), false);

      const defaults = ok(await call('socialSignUp', { redirectUri: REDIRECT }));
      assert.ok(defaults.state.length >= 20);
      assert.equal(new URL(defaults.authorizationUrl).searchParams.get('scope'), t().config.social!.scope);
    });

    test('the callback creates the identity on first sign-in and finds it by the provider subject after', async () => {
      const email = uniqueEmail();
      const sub = `sub-${randomBytes(6).toString('hex')}`;
      const first = await authorize(t, { sub, email, email_verified: true, name: 'Ravi Kumar' });
      const signedIn = ok(await callback(first.code, first.codeVerifier));
      assert.equal(signedIn.tokenType, 'Bearer');
      assert.equal(signedIn.user.email, email);
      assert.equal(signedIn.user.name, 'Ravi Kumar');
      assert.equal(signedIn.user.isVerified, true);
      assert.equal('socialSubject' in signedIn.user, false);
      assert.equal(await tokenService(t().config).verify(signedIn.accessToken), signedIn.user.id);

      // The provider's email may change; the subject still finds the same identity.
      const second = await authorize(t, { sub, email: uniqueEmail(), name: 'Ravi K' });
      assert.equal(ok(await callback(second.code, second.codeVerifier)).user.id, signedIn.user.id);
      const audit = await t().database.db.selectFrom('auditLog').select('operation').where('recordId', '=', signedIn.user.id).execute();
      assert.deepEqual(audit.map((a) => a.operation), ['auth.socialSignUpCallback', 'auth.socialSignUpCallback']);
    });

    test('a verified email links the existing account; an unverified one does not', async () => {
      const email = uniqueEmail();
      const account = ok(await call('signUp', { email, password: 'a good password' })).user;
      const unverified = await authorize(t, { sub: `sub-${randomBytes(6).toString('hex')}`, email, email_verified: false });
      failsWith(await callback(unverified.code, unverified.codeVerifier), 'CONFLICT', 409);

      const verified = await authorize(t, { sub: `sub-${randomBytes(6).toString('hex')}`, email: email.toUpperCase(), email_verified: true });
      const linked = ok(await callback(verified.code, verified.codeVerifier));
      assert.equal(linked.user.id, account.id);
      assert.equal(linked.user.isVerified, true);
      assert.equal(ok(await call('login', { email, password: 'a good password' })).user.id, account.id);
    });

    test('a wrong verifier, a used code or another redirect URI is UNAUTHENTICATED, never a 5xx', async () => {
      const grant = await authorize(t, { sub: 'sub-x', email: uniqueEmail() });
      const otherVerifier = 'v'.repeat(43);
      const wrong = failsWith(await callback(grant.code, otherVerifier), 'UNAUTHENTICATED', 401);
      assert.match(wrong.message, /invalid_grant/);
      // The provider spent the code on the failed try, like real ones do.
      failsWith(await callback(grant.code, grant.codeVerifier), 'UNAUTHENTICATED', 401);

      const elsewhere = await authorize(t, { sub: 'sub-y' });
      failsWith(await callback(elsewhere.code, elsewhere.codeVerifier, 'https://evil.example.test/cb'), 'UNAUTHENTICATED', 401);
      failsWith(await callback('no-such-code', grant.codeVerifier), 'UNAUTHENTICATED', 401);
    });

    test('a provider that breaks is NOT_CONFIGURED (503) with a message saying so', async () => {
      const error = failsWith(await callback('provider-breaks', 'v'.repeat(43)), 'NOT_CONFIGURED', 503);
      assert.match(error.message, /provider is not available/);
    });

    test(`the callback is limited to ${LIMITS.socialSignUpCallback.address.points} per address`, async () => {
      const ip = nextIp();
      const data = { code: 'no-such-code', codeVerifier: 'v'.repeat(43), redirectUri: REDIRECT };
      for (let i = 0; i < LIMITS.socialSignUpCallback.address.points; i++) {
        failsWith(await call('socialSignUpCallback', data, ip), 'UNAUTHENTICATED', 401);
      }
      const limited = await call('socialSignUpCallback', data, ip);
      failsWith(limited, 'RATE_LIMITED', 429);
      assert.ok(Number(limited.headers['retry-after']) > 0);
    });

    test('validation: redirectUri, code and a well-formed codeVerifier are required', async () => {
      failsWith(await call('socialSignUp', {}), 'VALIDATION_FAILED', 400);
      failsWith(await call('socialSignUp', { redirectUri: 'not a url' }), 'VALIDATION_FAILED', 400);
      const missing = failsWith(await call('socialSignUpCallback', {}), 'VALIDATION_FAILED', 400);
      assert.deepEqual(missing.details!.map((d) => d.path).sort(), ['code', 'codeVerifier', 'redirectUri']);
      failsWith(await call('socialSignUpCallback', { code: 'x', redirectUri: REDIRECT, codeVerifier: 'short' }), 'VALIDATION_FAILED', 400);
    });
  },
  { env: socialEnv() },
);

describeEachDialect(
  'auth social sign-in with a wrong client secret',
  (t) => {
    test('the provider refusing this service as a client is NOT_CONFIGURED, not the caller\'s fault', async () => {
      const grant = await authorize(t, { sub: 'sub-z' });
      failsWith(await authCall(t)('socialSignUpCallback', { code: grant.code, codeVerifier: grant.codeVerifier, redirectUri: REDIRECT }), 'NOT_CONFIGURED', 503);
    });
  },
  { env: socialEnv('not-the-secret') },
);

describeEachDialect('auth social sign-in not configured', (t) => {
  test('both operations are NOT_CONFIGURED', async () => {
    const call = authCall(t);
    failsWith(await call('socialSignUp', { redirectUri: REDIRECT }), 'NOT_CONFIGURED', 503);
    failsWith(await call('socialSignUpCallback', { code: 'c', redirectUri: REDIRECT, codeVerifier: 'v'.repeat(43) }), 'NOT_CONFIGURED', 503);
  });
});
