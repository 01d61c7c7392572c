import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

describeEachDialect('users: platform_admin, blocking, role changes', (t) => {
  const org = orgId();
  const as = (token: string | undefined) => (token ? { token } : {});
  const createIn = (organizationId: string | null, data: Record<string, unknown> = {}, token?: string) =>
    t().call('users', 'create', { idpUserId: newId(), email: 'u@example.test', role: 'staff', organizationId, ...data }, as(token));

  test('granting platform_admin on create: anonymous and an organization admin are FORBIDDEN, a platform admin is not', async () => {
    const orgAdmin = await signIn(t(), { organizationId: org, roles: ['admin'] });
    const admin = await platformAdmin(t());
    for (const grant of [{ role: 'platform_admin' }, { roles: ['platform_admin'] }]) {
      failsWith(await createIn(org, grant), 'FORBIDDEN', 403);
      failsWith(await createIn(org, grant, orgAdmin.token), 'FORBIDDEN', 403);
      const { item } = ok(await createIn(org, grant, admin.token));
      assert.ok(item.roles.includes('platform_admin'));
    }
    // Other roles are not restricted.
    ok(await createIn(org, { role: 'admin', roles: ['doctor'] }, orgAdmin.token));
  });

  test('granting platform_admin on update: FORBIDDEN but for a platform admin; so is taking it away', async () => {
    const orgAdmin = await signIn(t(), { organizationId: org, roles: ['admin'] });
    const admin = await platformAdmin(t());
    const { item } = ok(await createIn(org));
    const grant = { id: item.id, organizationId: org, roles: ['platform_admin'] };
    failsWith(await t().call('users', 'update', grant), 'FORBIDDEN', 403);
    failsWith(await t().call('users', 'update', grant, { token: orgAdmin.token }), 'FORBIDDEN', 403);
    assert.deepEqual(ok(await t().call('users', 'getById', { id: item.id, organizationId: org })).item.roles, ['staff']);
    assert.deepEqual(ok(await t().call('users', 'update', grant, { token: admin.token })).item.roles, ['staff', 'platform_admin']);
    // The record now holds platform_admin: other edits are fine, removing it is not.
    ok(await t().call('users', 'update', { id: item.id, organizationId: org, displayName: 'X' }, { token: orgAdmin.token }));
    failsWith(await t().call('users', 'update', { id: item.id, organizationId: org, roles: null }, { token: orgAdmin.token }), 'FORBIDDEN', 403);
    failsWith(await t().call('users', 'delete', { id: item.id, organizationId: org }, { token: orgAdmin.token }), 'FORBIDDEN', 403);
    failsWith(await t().call('users', 'blockUser', { idpUserId: item.idpUserId, organizationId: org }), 'FORBIDDEN', 403);
    ok(await t().call('users', 'delete', { id: item.id, organizationId: org }, { token: admin.token }));
  });

  test('granting platform_admin on updateRoles and syncFromIdpAuth: FORBIDDEN but for a platform admin', async () => {
    const orgAdmin = await signIn(t(), { organizationId: org, roles: ['admin'] });
    const admin = await platformAdmin(t());
    const { item } = ok(await createIn(org));
    const grant = { idpUserId: item.idpUserId, organizationId: org, roles: ['staff', 'platform_admin'] };
    failsWith(await t().call('users', 'updateRoles', grant), 'FORBIDDEN', 403);
    failsWith(await t().call('users', 'updateRoles', grant, { token: orgAdmin.token }), 'FORBIDDEN', 403);
    ok(await t().call('users', 'updateRoles', grant, { token: admin.token }));

    const team = `team-${newId()}`;
    const sync = { idpUserId: newId(), idpTeamId: team, email: 's@example.test', role: 'platform_admin' };
    failsWith(await t().call('users', 'syncFromIdpAuth', sync), 'FORBIDDEN', 403);
    // Nothing of the refused call stays: not even the organization.
    const orgs = await t().database.db.selectFrom('organizations').select('id').where('idpTeamId', '=', team).execute();
    assert.equal(orgs.length, 0);
    const synced = ok(await t().call('users', 'syncFromIdpAuth', sync, { token: admin.token }));
    assert.deepEqual(synced.item.roles, ['platform_admin']);
    const orgMember = await signIn(t(), { organizationId: synced.organization.id, roles: ['admin'] });
    failsWith(await t().call('users', 'syncFromIdpAuth', { ...sync, idpUserId: newId(), role: null, roles: ['platform_admin'] }, { token: orgMember.token }), 'FORBIDDEN', 403);
  });

  test('blocking: the blocked user is FORBIDDEN at once, and allowed again once unblocked', async () => {
    const orgAdmin = await signIn(t(), { organizationId: org, roles: ['admin'] });
    const user = await signIn(t(), { organizationId: org, roles: ['nurse'] });
    const read = () => t().call('users', 'getById', { id: user.userId, organizationId: org }, { token: user.token });
    ok(await read());

    const blocked = ok(await t().call('users', 'blockUser', { idpUserId: user.idpUserId, organizationId: org }, { token: orgAdmin.token })).item;
    assert.equal(blocked.isBlocked, true);
    assert.equal(typeof blocked.blockedAt, 'number');
    assert.equal(blocked.blockedBy, orgAdmin.idpUserId);
    failsWith(await read(), 'FORBIDDEN', 403);
    failsWith(await t().call('users', 'listByOrganization', { organizationId: org }, { token: user.token }), 'FORBIDDEN', 403);
    failsWith(await t().call('users', 'update', { id: user.userId, organizationId: org, displayName: 'Still me' }, { token: user.token }), 'FORBIDDEN', 403);

    const unblocked = ok(await t().call('users', 'unblockUser', { idpUserId: user.idpUserId, organizationId: org }, { token: orgAdmin.token })).item;
    assert.equal(unblocked.isBlocked, false);
    assert.equal(unblocked.blockedAt, null);
    assert.equal(unblocked.blockedBy, null);
    ok(await read());
  });

  test('blockUser keeps a given blockedBy; block/unblock validate and are NOT_FOUND in another organization', async () => {
    const { item } = ok(await createIn(org));
    const blocked = ok(await t().call('users', 'blockUser', { idpUserId: item.idpUserId, organizationId: org, blockedBy: 'moderator-7' })).item;
    assert.equal(blocked.blockedBy, 'moderator-7');
    for (const op of ['blockUser', 'unblockUser']) {
      failsWith(await t().call('users', op, { idpUserId: item.idpUserId, organizationId: orgId() }), 'NOT_FOUND', 404);
      failsWith(await t().call('users', op, { idpUserId: item.idpUserId }), 'VALIDATION_FAILED', 400);
    }
    failsWith(await t().call('users', 'blockUser', { idpUserId: item.idpUserId, organizationId: org, blockedBy: 5 }), 'VALIDATION_FAILED', 400);
  });

  test('updateRoles: replaces the roles, keeps or adds the primary role, validates each entry', async () => {
    const { item } = ok(await createIn(org, { role: 'nurse', roles: ['staff'] }));
    const key = { idpUserId: item.idpUserId, organizationId: org };
    let updated = ok(await t().call('users', 'updateRoles', { ...key, roles: ['doctor', 'nurse'] })).item;
    assert.equal(updated.role, 'nurse');
    assert.deepEqual(updated.roles, ['nurse', 'doctor']);
    updated = ok(await t().call('users', 'updateRoles', { ...key, roles: ['hr'] })).item;
    assert.equal(updated.role, 'hr');
    assert.deepEqual(updated.roles, ['hr']);
    updated = ok(await t().call('users', 'updateRoles', { ...key, roles: ['hr'], role: 'doctor' })).item;
    assert.equal(updated.role, 'doctor');
    assert.deepEqual(updated.roles, ['doctor', 'hr']);

    const error = failsWith(await t().call('users', 'updateRoles', { ...key, roles: ['doctor', 'wizard', 'nurse', 'chef'], role: 'x' }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['role', 'roles.1', 'roles.3']);
    failsWith(await t().call('users', 'updateRoles', { ...key, roles: [] }), 'VALIDATION_FAILED', 400);
    failsWith(await t().call('users', 'updateRoles', { ...key, roles: ['doctor'], organizationId: orgId() }), 'NOT_FOUND', 404);
  });

  test('a role change takes effect at once: gaining platform_admin lets an organization user name another organization', async () => {
    const admin = await platformAdmin(t());
    const user = await signIn(t(), { organizationId: org, roles: ['nurse'] });
    const other = orgId();
    const readOther = () => t().call('users', 'listByOrganization', { organizationId: other }, { token: user.token });
    failsWith(await readOther(), 'FORBIDDEN', 403);
    ok(await t().call('users', 'updateRoles', { idpUserId: user.idpUserId, organizationId: org, roles: ['nurse', 'platform_admin'] }, { token: admin.token }));
    ok(await readOther());
    ok(await t().call('users', 'updateRoles', { idpUserId: user.idpUserId, organizationId: org, roles: ['nurse'] }, { token: admin.token }));
    failsWith(await readOther(), 'FORBIDDEN', 403);
  });

  test('list: a member reads its organizations\' users, a platform admin all; platform-level records only by platform admins', async () => {
    const mine = orgId();
    const member = await signIn(t(), { organizationId: mine, roles: ['admin'] });
    const colleague = await signIn(t(), { organizationId: mine, roles: ['staff'] });
    const stranger = ok(await createIn(orgId())).item;
    const admin = await platformAdmin(t());
    const idsFor = async (token?: string) => ok(await t().call('users', 'list', { pageSize: 100 }, as(token))).items.map((u: { id: string }) => u.id);
    const seen = await idsFor(member.token);
    assert.deepEqual(seen.sort(), [member.userId, colleague.userId].sort());
    assert.ok((await idsFor(admin.token)).includes(stranger.id));
    assert.ok((await idsFor()).includes(stranger.id), 'the optional mode without a token, as before');
    failsWith(await t().call('users', 'list', {}, { token: await tokenFor(t(), newId()) }), 'FORBIDDEN', 403);
    failsWith(await createIn(null, {}, member.token), 'FORBIDDEN', 403);
    ok(await createIn(null, {}, admin.token));
  });

  test('tenancy: an organization user naming another organization is FORBIDDEN; getByIdpUserId without one shows only its own', async () => {
    const member = await signIn(t(), { organizationId: org, roles: ['admin'] });
    const other = orgId();
    const stranger = ok(await createIn(other)).item;
    failsWith(await t().call('users', 'getById', { id: stranger.id, organizationId: other }, { token: member.token }), 'FORBIDDEN', 403);
    failsWith(await t().call('users', 'getByIdpUserId', { idpUserId: stranger.idpUserId }, { token: member.token }), 'NOT_FOUND', 404);
    ok(await t().call('users', 'getByIdpUserId', { idpUserId: stranger.idpUserId }));
    const colleague = ok(await createIn(org)).item;
    assert.equal(ok(await t().call('users', 'getByIdpUserId', { idpUserId: colleague.idpUserId }, { token: member.token })).item.id, colleague.id);
    assert.equal(ok(await t().call('users', 'getByIdpUserId', { idpUserId: member.idpUserId }, { token: member.token })).item.id, member.userId);
  });
});
