import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { z } from 'zod';
import { orgId, platformAdmin, signIn } from '../../test/builders.ts';
import { createTestApp, describeEachDialect, failsWith, ok, type TestApp } from '../../test/harness.ts';
import { everyone, member, self, type Audience } from '../operations/audience.ts';
import { AppError } from '../values/errors.ts';
import { defineOperation } from '../operations/operation.ts';

const whoAmI = (namespace: string, audience: Audience<unknown>, tokenRequired = false) =>
  defineOperation({
    namespace,
    name: 'whoAmI',
    audience,
    tokenRequired,
    input: z.object({ organizationId: z.string().optional() }),
    async handler(ctx) {
      return { caller: ctx.caller.kind === 'user' ? ctx.caller.idpUserId : null };
    },
  });

const extraOperations = [
  whoAmI('probe', self()),
  whoAmI('memberProbe', member({ roles: ['staff', 'nurse', 'hr', 'doctor'] })),
  whoAmI('auth', everyone),
  whoAmI('hrProbe', member({ roles: ['hr'], spansOrganizations: true }), true),
  defineOperation({
    namespace: 'probe',
    name: 'explode',
    audience: everyone,
    input: z.object({}),
    async handler() {
      throw new Error('select * from secret_table where password = 1');
    },
  }),
  defineOperation({
    namespace: 'probe',
    name: 'refuse',
    audience: everyone,
    input: z.object({}),
    async handler() {
      throw new AppError('INVALID_STATE', 'not now');
    },
  }),
];

describeEachDialect(
  'access: tokens, roles, tenancy, blocking',
  (t) => {
    const secret = () => new TextEncoder().encode(t().config.auth.jwtSecret);

    test('no token is allowed in optional mode', async () => {
      assert.deepEqual(ok(await t().call('probe', 'whoAmI')), { caller: null });
    });

    test('a valid token identifies the caller through either header', async () => {
      const me = await signIn(t(), { organizationId: orgId() });
      assert.equal(ok(await t().call('probe', 'whoAmI', {}, { token: me.token })).caller, me.idpUserId);
      const viaHeader = await t().call('probe', 'whoAmI', {}, { headers: { 'x-idp-access-token': me.token } });
      assert.equal(ok(viaHeader).caller, me.idpUserId);
    });

    test('an invalid, expired, malformed or foreign-signed token is 401 on every namespace', async () => {
      const expired = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('someone')
        .setIssuer(t().config.auth.issuer)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(secret());
      const foreign = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('someone')
        .setIssuer(t().config.auth.issuer)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-that-is-long-enough-to-sign'));
      for (const token of ['garbage', expired, foreign, `${expired}x`]) {
        failsWith(await t().call('probe', 'whoAmI', {}, { token }), 'UNAUTHENTICATED', 401);
        failsWith(await t().call('auth', 'whoAmI', {}, { token }), 'UNAUTHENTICATED', 401);
        failsWith(await t().call('tokenCounters', 'listByOrganization', { organizationId: 'o' }, { token }), 'UNAUTHENTICATED', 401);
      }
      failsWith(await t().call('probe', 'whoAmI', {}, { headers: { authorization: 'Basic abc' } }), 'UNAUTHENTICATED', 401);
      failsWith(await t().call('probe', 'whoAmI', {}, { headers: { 'x-idp-access-token': '' } }), 'UNAUTHENTICATED', 401);
    });

    test('a role-restricted operation: 401 without token, 403 without the role, ok with it', async () => {
      const org = orgId();
      failsWith(await t().call('hrProbe', 'whoAmI', { organizationId: org }), 'UNAUTHENTICATED', 401);
      const nurse = await signIn(t(), { organizationId: org, roles: ['nurse'] });
      failsWith(await t().call('hrProbe', 'whoAmI', { organizationId: org }, { token: nurse.token }), 'FORBIDDEN', 403);
      const hr = await signIn(t(), { organizationId: org, roles: ['hr'] });
      ok(await t().call('hrProbe', 'whoAmI', { organizationId: org }, { token: hr.token }));
    });

    test('a role counts only in the organization it was given in', async () => {
      const a = orgId();
      const b = orgId();
      const idpUserId = `idp_${a}`;
      const inA = await signIn(t(), { organizationId: a, roles: ['hr'], idpUserId });
      await signIn(t(), { organizationId: b, roles: ['staff'], idpUserId });
      ok(await t().call('hrProbe', 'whoAmI', { organizationId: a }, { token: inA.token }));
      failsWith(await t().call('hrProbe', 'whoAmI', { organizationId: b }, { token: inA.token }), 'FORBIDDEN', 403);
    });

    test('a role on a platform-level record (other than platform_admin) gives no rights in an organization', async () => {
      const org = orgId();
      const idpUserId = `idp_platform_${org}`;
      const user = await signIn(t(), { organizationId: null, roles: ['hr'], idpUserId });
      await signIn(t(), { organizationId: org, roles: ['staff'], idpUserId });
      failsWith(await t().call('hrProbe', 'whoAmI', { organizationId: org }, { token: user.token }), 'FORBIDDEN', 403);
    });

    test('roles are read at request time: a role granted in the database counts on the next call', async () => {
      const org = orgId();
      const user = await signIn(t(), { organizationId: org, roles: ['nurse'] });
      failsWith(await t().call('hrProbe', 'whoAmI', {}, { token: user.token }), 'FORBIDDEN', 403);
      await t().database.db.updateTable('users').set({ roles: '["nurse","hr"]' }).where('id', '=', user.userId).execute();
      ok(await t().call('hrProbe', 'whoAmI', {}, { token: user.token }));
    });

    test('a caller bound to organization A naming organization B is FORBIDDEN; a platform admin is not', async () => {
      const a = orgId();
      const b = orgId();
      const user = await signIn(t(), { organizationId: a });
      ok(await t().call('memberProbe', 'whoAmI', { organizationId: a }, { token: user.token }));
      failsWith(await t().call('memberProbe', 'whoAmI', { organizationId: b }, { token: user.token }), 'FORBIDDEN', 403);
      const admin = await platformAdmin(t());
      ok(await t().call('memberProbe', 'whoAmI', { organizationId: b }, { token: admin.token }));
    });

    test('a blocked user is FORBIDDEN, at once', async () => {
      const org = orgId();
      const user = await signIn(t(), { organizationId: org });
      ok(await t().call('memberProbe', 'whoAmI', { organizationId: org }, { token: user.token }));
      await t().database.db.updateTable('users').set({ isBlocked: true }).where('id', '=', user.userId).execute();
      failsWith(await t().call('memberProbe', 'whoAmI', { organizationId: org }, { token: user.token }), 'FORBIDDEN', 403);
      failsWith(await t().call('memberProbe', 'whoAmI', {}, { token: user.token }), 'FORBIDDEN', 403);
    });

    test('an unexpected error is 500 INTERNAL with a request id and no internals', async () => {
      const res = await t().call('probe', 'explode');
      const error = failsWith(res, 'INTERNAL', 500);
      assert.equal(error.requestId, res.headers['x-request-id']);
      assert.doesNotMatch(JSON.stringify(res.body), /secret_table|password|stack/);
    });

    test('an AppError keeps its code and status', async () => {
      failsWith(await t().call('probe', 'refuse'), 'INVALID_STATE', 409);
    });
  },
  { extraOperations },
);

describe('AUTH_MODE=required', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite', { env: { AUTH_MODE: 'required' }, extraOperations });
  });
  after(() => t.close());

  test('every namespace but auth needs a valid token', async () => {
    failsWith(await t.call('probe', 'whoAmI'), 'UNAUTHENTICATED', 401);
    failsWith(await t.call('tokenCounters', 'listByOrganization', { organizationId: 'o' }), 'UNAUTHENTICATED', 401);
    ok(await t.call('auth', 'whoAmI'));
    const user = await signIn(t, { organizationId: orgId() });
    ok(await t.call('probe', 'whoAmI', {}, { token: user.token }));
  });
});

describe('tokens of an outside OpenID Connect provider', () => {
  let t: TestApp;
  let jwks: Server;
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;
  before(async () => {
    keys = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const { port } = jwks.address() as AddressInfo;
    t = await createTestApp('sqlite', {
      env: { OIDC_JWKS_URL: `http://127.0.0.1:${port}/jwks`, OIDC_ISSUER: 'https://idp.example', OIDC_AUDIENCE: 'healthops' },
      extraOperations,
    });
  });
  after(async () => {
    await t.close();
    jwks.close();
  });

  const sign = (key: Parameters<SignJWT["sign"]>[0], claims: { iss?: string; aud?: string } = {}, extra: Record<string, string> = {}) =>
    new SignJWT(extra)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('idp-user-42')
      .setIssuer(claims.iss ?? 'https://idp.example')
      .setAudience(claims.aud ?? 'healthops')
      .setExpirationTime('5m')
      .sign(key);

  test('a token signed by the provider\'s key is accepted with its subject as idpUserId', async () => {
    assert.equal(ok(await t.call('probe', 'whoAmI', {}, { token: await sign(keys.privateKey) })).caller, 'idp-user-42');
  });

  test('a token of the provider naming a client_id is still its user\'s: only the service\'s own tokens are backend clients\'', async () => {
    const token = await sign(keys.privateKey, {}, { client_id: 'a-client', org: 'org-1', scope: 'system/*.read' });
    assert.equal(ok(await t.call('probe', 'whoAmI', {}, { token })).caller, 'idp-user-42');
  });

  test('a token with another key, issuer or audience is 401', async () => {
    const other = await generateKeyPair('RS256');
    failsWith(await t.call('probe', 'whoAmI', {}, { token: await sign(other.privateKey) }), 'UNAUTHENTICATED', 401);
    failsWith(await t.call('probe', 'whoAmI', {}, { token: await sign(keys.privateKey, { iss: 'https://evil' }) }), 'UNAUTHENTICATED', 401);
    failsWith(await t.call('probe', 'whoAmI', {}, { token: await sign(keys.privateKey, { aud: 'other' }) }), 'UNAUTHENTICATED', 401);
  });
});
