import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { PUBLIC_PROFILE_FIELDS } from './users.directory.ts';

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

  test('with a token the directory lists active doctors only: who is blocked or inactive is for members to see', async () => {
    const { organizationId, doctor } = await clinicWithDoctor();
    const blocked = await signIn(t(), { organizationId, roles: ['doctor'], blocked: true });
    const stranger = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
    const colleague = await signIn(t(), { organizationId, roles: ['receptionist'] });
    // Without a token the optional mode keeps the interface's status filter (users.lists.test.ts).
    for (const token of [await tokenFor(t(), newId()), stranger.token]) {
      const options = { token };
      const ids = (await doctorsSeenBy(organizationId, token)).map((item) => item.id);
      assert.deepEqual([...new Set(ids)], [doctor.userId]);
      for (const status of ['blocked', 'inactive']) {
        assert.equal(ok(await t().call('users', 'getAllDoctors', { organizationId, status }, options)).total, 0, status);
        assert.equal(ok(await t().call('users', 'getAllDoctors', { status, pageSize: 100 }, options)).items.some((i: { id: string }) => i.id === blocked.userId), false);
      }
    }
    const seenByColleague = ok(await t().call('users', 'getAllDoctors', { organizationId, status: 'blocked' }, { token: colleague.token })).items;
    assert.deepEqual(seenByColleague.map((i: { id: string }) => i.id), [blocked.userId]);
    assert.equal((await doctorsSeenBy(organizationId, colleague.token)).length, 4, 'members see every doctor in both listings');
  });
});

describeEachDialect(
  'users: the public doctor directory with AUTH_MODE=required',
  (t) => {
    test('without a token it lists active doctors only', async () => {
      const organizationId = orgId();
      const active = await signIn(t(), { organizationId, roles: ['doctor'] });
      await signIn(t(), { organizationId, roles: ['doctor'], blocked: true });
      const listed = ok(await t().call('users', 'getAllDoctors', { organizationId })).items;
      assert.deepEqual(listed.map((i: { id: string }) => i.id), [active.userId]);
      assert.equal(ok(await t().call('users', 'getAllDoctors', { organizationId, status: 'blocked' })).total, 0);
      assert.equal(ok(await t().call('users', 'getDoctors', { organizationId })).total, 1);
    });
  },
  { env: { AUTH_MODE: 'required' } },
);
