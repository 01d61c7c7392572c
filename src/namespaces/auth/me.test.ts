import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import { authCall, uniqueEmail } from './auth.testkit.ts';

describeEachDialect('auth.me', (t) => {
  const me = (token?: string) => t().call('auth', 'me', {}, token ? { token } : {});
  const organization = async (name: string) => {
    const id = orgId();
    const now = Date.now();
    await t()
      .database.db.insertInto('organizations')
      .values({ id, name, slug: null, type: null, idpTeamId: null, timezone: null, address: null, latitude: null, longitude: null, isActive: true, settings: null, createdAt: now, updatedAt: now })
      .execute();
    return id;
  };

  test('answers the account, its memberships with roles and blocks, and its linked patients', async () => {
    const email = uniqueEmail();
    const { user, accessToken } = ok(await authCall(t)('signUp', { email, password: 'a long enough password' }));
    const clinic = await organization('Clinic A');
    const lab = await organization('Lab B');
    const doctor = await signIn(t(), { idpUserId: user.id, organizationId: clinic, roles: ['doctor', 'admin'] });
    const blocked = await signIn(t(), { idpUserId: user.id, organizationId: lab, roles: ['lab_technician'], blocked: true });
    const patient = ok(await t().call('patients', 'create', { organizationId: clinic, name: 'Own Record', idpUserId: user.id })).item;
    ok(await t().call('patients', 'create', { organizationId: clinic, name: 'Someone Else', idpUserId: newId() }));

    const answer = ok(await me(accessToken));
    assert.equal(answer.idpUserId, user.id);
    assert.equal(answer.email, email);
    assert.equal(answer.isPlatformAdmin, false);
    const byOrganization = (a: { organizationId: string }, b: { organizationId: string }) => a.organizationId.localeCompare(b.organizationId);
    assert.deepEqual(
      [...answer.memberships].sort(byOrganization),
      [
        { organizationId: clinic, organizationName: 'Clinic A', userId: doctor.userId, roles: ['admin', 'doctor'], blocked: false },
        { organizationId: lab, organizationName: 'Lab B', userId: blocked.userId, roles: ['lab_technician'], blocked: true },
      ].sort(byOrganization),
    );
    assert.deepEqual(answer.linkedPatients, [{ id: patient.id, organizationId: clinic, name: 'Own Record' }]);
  });

  test('an account with nothing: no email, no memberships, no patients; a platform admin is said so', async () => {
    const idpUserId = newId();
    assert.deepEqual(ok(await me(await tokenFor(t(), idpUserId))), { idpUserId, email: null, isPlatformAdmin: false, memberships: [], platform: null, linkedPatients: [], pendingInvitations: 0 });
    const admin = ok(await me((await platformAdmin(t())).token));
    assert.equal(admin.isPlatformAdmin, true);
    assert.deepEqual(admin.memberships, []);
    assert.deepEqual([admin.platform?.roles, admin.platform?.blocked], [['platform_admin'], false]);
  });

  test('needs a token, also in the optional mode', async () => {
    failsWith(await me(), 'UNAUTHENTICATED', 401);
    failsWith(await t().call('auth', 'me', {}, { token: 'not-a-token' }), 'UNAUTHENTICATED', 401);
  });
});
