import { platform } from '../../operations/audience.ts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { callerId } from '../../caller/caller.ts';
import { defineOperation } from '../../operations/operation.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { authCall, uniqueEmail } from './auth.testkit.ts';
import { createPlatformAdmin, PlatformAdminInputError } from './auth.platformAdmin.ts';

// An operation only a platform admin may call, to check the token the CLI's account gets.
const platformOnly = defineOperation({
  namespace: 'authTest',
  name: 'platformOnly',
  audience: platform,
  input: z.object({}),
  async handler(ctx) {
    return { caller: callerId(ctx.caller) };
  },
});

describeEachDialect(
  'admin create-platform-admin',
  (t) => {
    const call = authCall(t);
    const adminOnly = (token: string) => t().call('authTest', 'platformOnly', {}, { token });

    test('creates an identity and a platform-level platform_admin user whose token passes a platform_admin check', async () => {
      const email = uniqueEmail('Admin');
      const result = await createPlatformAdmin(t().database.db, { email: email.toUpperCase(), password: 'admin password 1', now: Date.now() });
      assert.equal(result.createdIdentity, true);
      assert.equal(result.createdUser, true);
      assert.equal(result.generatedPassword, undefined);
      assert.equal(result.identity.email, email.toLowerCase());
      assert.equal(result.user.idpUserId, result.identity.id);
      assert.equal(result.user.organizationId, null);
      assert.equal(result.user.role, 'platform_admin');
      assert.deepEqual(JSON.parse(result.user.roles), ['platform_admin']);

      const { accessToken, user } = ok(await call('login', { email, password: 'admin password 1' }));
      assert.equal(user.id, result.identity.id);
      assert.deepEqual(ok(await adminOnly(accessToken)), { caller: result.identity.id });

      // Someone who merely signed up does not pass.
      const other = ok(await call('signUp', { email: uniqueEmail(), password: 'a good password' }));
      failsWith(await adminOnly(other.accessToken), 'FORBIDDEN', 403);
    });

    test('without a password it generates one, shown once, that signs in; running again reuses everything', async () => {
      const email = uniqueEmail('admin');
      const first = await createPlatformAdmin(t().database.db, { email, now: Date.now() });
      assert.ok(first.generatedPassword && first.generatedPassword.length >= 20);
      const { accessToken } = ok(await call('login', { email, password: first.generatedPassword }));
      ok(await adminOnly(accessToken));

      const again = await createPlatformAdmin(t().database.db, { email, now: Date.now() });
      assert.equal(again.createdIdentity, false);
      assert.equal(again.createdUser, false);
      assert.equal(again.generatedPassword, undefined, 'an existing password is kept');
      assert.equal(again.identity.id, first.identity.id);
      assert.equal(again.user.id, first.user.id);
      ok(await call('login', { email, password: first.generatedPassword }));
      const rows = await t().database.db.selectFrom('users').select('id').where('idpUserId', '=', first.identity.id).execute();
      assert.equal(rows.length, 1);
    });

    test('an existing account keeps its password; its platform-level user record keeps other roles and is unblocked', async () => {
      const email = uniqueEmail();
      const account = ok(await call('signUp', { email, password: 'a good password' })).user;
      const now = Date.now();
      await t().database.db
        .insertInto('users')
        .values({
          id: `u_${account.id}`, idpUserId: account.id, organizationId: null, organizationBranchIds: null, email, title: null,
          displayName: null, avatarUrl: null, role: 'hr', roles: '["hr"]', isActive: false, isBlocked: true, blockedAt: now,
          blockedBy: 'someone', lastLoginAt: null, isVerified: null, verifiedAt: null, verifiedBy: null, gender: null, yoe: null,
          totalReviews: null, averageRatings: null, onboardingStatus: null, createdAt: now, updatedAt: now,
        })
        .execute();
      const result = await createPlatformAdmin(t().database.db, { email, now: Date.now() });
      assert.equal(result.identity.id, account.id);
      assert.equal(result.generatedPassword, undefined);
      assert.equal(result.user.id, `u_${account.id}`);
      assert.deepEqual(JSON.parse(result.user.roles), ['hr', 'platform_admin']);
      const { accessToken } = ok(await call('login', { email, password: 'a good password' }));
      ok(await adminOnly(accessToken));
    });

    test('a bad email or a password outside the policy is refused before anything is written', async () => {
      await assert.rejects(createPlatformAdmin(t().database.db, { email: 'nope', password: 'admin password 1', now: Date.now() }), PlatformAdminInputError);
      const email = uniqueEmail();
      await assert.rejects(createPlatformAdmin(t().database.db, { email, password: 'short', now: Date.now() }), /at least 8/);
      assert.equal(await t().database.db.selectFrom('identities').select('id').where('email', '=', email).executeTakeFirst(), undefined);
    });
  },
  { extraOperations: [platformOnly] },
);
