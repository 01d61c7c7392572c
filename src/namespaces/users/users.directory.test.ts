import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../rpc/ids.ts';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { PUBLIC_PROFILE_FIELDS } from './directory.ts';

describeEachDialect('users: the public doctor directory', (t) => {
  const PRIVATE = ['email', 'idpUserId', 'isBlocked', 'blockedAt', 'blockedBy', 'lastLoginAt', 'isActive', 'verifiedBy'];

  async function clinicWithDoctor() {
    const organizationId = orgId();
    const doctor = await signIn(t(), { organizationId, roles: ['doctor'] });
    return { organizationId, doctor };
  }
  const doctorsSeenBy = async (organizationId: string, token?: string) => {
    const options = token ? { token } : {};
    const all = ok(await t().call('users', 'getAllDoctors', { organizationId }, options)).items;
    const some = ok(await t().call('users', 'getDoctors', { organizationId }, options)).items;
    return [...all, ...some] as Record<string, unknown>[];
  };

  test('anonymous callers, accounts and members of other organizations get the public profile only', async () => {
    const { organizationId, doctor } = await clinicWithDoctor();
    const stranger = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
    for (const token of [undefined, await tokenFor(t(), newId()), stranger.token]) {
      const items = await doctorsSeenBy(organizationId, token);
      assert.equal(items.length, 2);
      for (const item of items) {
        assert.deepEqual(Object.keys(item).sort(), [...PUBLIC_PROFILE_FIELDS].sort());
        for (const field of PRIVATE) assert.equal(field in item, false, field);
        assert.equal(item.id, doctor.userId);
        assert.equal(item.organizationId, organizationId);
      }
    }
    // Across organizations too.
    const tagged = ok(await t().call('users', 'getAllDoctors', { search: doctor.idpUserId.slice(-4), pageSize: 100 })).items;
    assert.ok(tagged.every((item: Record<string, unknown>) => !('email' in item) && !('idpUserId' in item)));
  });

  test('members of the doctor\'s organization and platform admins get the whole record', async () => {
    const { organizationId, doctor } = await clinicWithDoctor();
    const colleague = await signIn(t(), { organizationId, roles: ['staff'] });
    const admin = await platformAdmin(t());
    for (const token of [colleague.token, admin.token]) {
      for (const item of await doctorsSeenBy(organizationId, token)) {
        assert.equal(item.email, `${doctor.idpUserId}@example.test`);
        assert.equal(item.idpUserId, doctor.idpUserId);
        assert.equal(item.isBlocked, false);
      }
    }
  });
});
