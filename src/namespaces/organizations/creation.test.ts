import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

describeEachDialect(
  'organizations.create with ORGANIZATION_CREATION=platform',
  (t) => {
    const body = () => ({ name: 'Clinic', slug: `org-${newId().slice(-12).toLowerCase()}`, type: 'clinic' });

    test('an account or a member of another organization is FORBIDDEN, no token 401, and nothing is created; a platform admin creates', async () => {
      const account = newId();
      const member = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
      for (const token of [await tokenFor(t(), account), member.token]) {
        const data = body();
        failsWith(await t().call('organizations', 'create', data, { token }), 'FORBIDDEN', 403);
        assert.equal((await t().database.db.selectFrom('organizations').select('id').where('slug', '=', data.slug).execute()).length, 0);
      }
      assert.equal((await t().database.db.selectFrom('users').select('id').where('idpUserId', '=', account).execute()).length, 0);
      const anonymous = body();
      failsWith(await t().call('organizations', 'create', anonymous), 'UNAUTHENTICATED', 401);
      assert.equal((await t().database.db.selectFrom('organizations').select('id').where('slug', '=', anonymous.slug).execute()).length, 0);
      const admin = await platformAdmin(t());
      assert.equal(ok(await t().call('organizations', 'create', body(), { token: admin.token })).item.type, 'clinic');
    });
  },
  { env: { ORGANIZATION_CREATION: 'platform' } },
);
