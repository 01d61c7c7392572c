import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { orgId, platformAdmin, signIn, tokenFor, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

/** Escalation (the list): who may add members, change roles, block and delete. */
describeEachDialect('users: escalation is closed', (t) => {
  const orgA = orgId();
  const orgB = orgId();
  let adminA: SignedIn;
  let receptionist: SignedIn;
  let memberB: SignedIn;
  before(async () => {
    adminA = await signIn(t(), { organizationId: orgA, roles: ['admin'] });
    receptionist = await signIn(t(), { organizationId: orgA, roles: ['receptionist'] });
    memberB = await signIn(t(), { organizationId: orgB, roles: ['nurse'] });
  });
  const call = (op: string, data: Record<string, unknown>, token: string) => t().call('users', op, data, { token });
  const newMember = (organizationId: string, role = 'staff') => ({ idpUserId: newId(), email: 'm@example.test', role, organizationId });
  const rolesOf = async (idpUserId: string, organizationId: string) =>
    (await t().database.db.selectFrom('users').select('roles').where('idpUserId', '=', idpUserId).where('organizationId', '=', organizationId).executeTakeFirstOrThrow()).roles;

  test('a receptionist cannot make itself or anyone admin, nor add, block or delete members', async () => {
    const self = { idpUserId: receptionist.idpUserId, organizationId: orgA };
    failsWith(await call('updateRoles', { ...self, roles: ['admin'] }, receptionist.token), 'FORBIDDEN', 403);
    failsWith(await call('update', { id: receptionist.userId, organizationId: orgA, role: 'admin' }, receptionist.token), 'FORBIDDEN', 403);
    failsWith(await call('update', { id: receptionist.userId, organizationId: orgA, roles: ['receptionist', 'admin'] }, receptionist.token), 'FORBIDDEN', 403);
    failsWith(await call('create', newMember(orgA, 'admin'), receptionist.token), 'FORBIDDEN', 403);
    failsWith(await call('create', { ...newMember(orgA, 'admin'), idpUserId: receptionist.idpUserId }, receptionist.token), 'FORBIDDEN', 403);
    failsWith(await call('updateRoles', { idpUserId: adminA.idpUserId, organizationId: orgA, roles: ['staff'] }, receptionist.token), 'FORBIDDEN', 403);
    failsWith(await call('blockUser', { idpUserId: adminA.idpUserId, organizationId: orgA }, receptionist.token), 'FORBIDDEN', 403);
    failsWith(await call('delete', { id: adminA.userId, organizationId: orgA }, receptionist.token), 'FORBIDDEN', 403);
    failsWith(await call('deleteByIdpUserId', { idpUserId: adminA.idpUserId, organizationId: orgA }, receptionist.token), 'FORBIDDEN', 403);
    assert.deepEqual(JSON.parse(await rolesOf(receptionist.idpUserId, orgA)), ['receptionist']);
  });

  test('a member edits its own profile through update, but not its role, roles, blocking or identity', async () => {
    const nurse = await signIn(t(), { organizationId: orgA, roles: ['nurse'] });
    const own = { id: nurse.userId, organizationId: orgA };
    assert.equal(ok(await call('update', { ...own, displayName: 'Nurse Joy', role: 'nurse' }, nurse.token)).item.displayName, 'Nurse Joy');
    for (const change of [{ role: 'doctor' }, { roles: ['nurse', 'admin'] }, { isBlocked: true }, { idpUserId: newId() }, { isVerified: true }]) {
      failsWith(await call('update', { ...own, ...change }, nurse.token), 'FORBIDDEN', 403);
    }
    // Nor another member's profile.
    failsWith(await call('update', { id: receptionist.userId, organizationId: orgA, displayName: 'X' }, nurse.token), 'FORBIDDEN', 403);
    const { item } = ok(await call('update', { ...own, roles: ['nurse', 'doctor'] }, adminA.token));
    assert.deepEqual(item.roles, ['nurse', 'doctor']);
  });

  test('an admin adds members, changes roles, blocks, unblocks and deletes in its organization', async () => {
    const added = ok(await call('create', newMember(orgA), adminA.token)).item;
    const key = { idpUserId: added.idpUserId, organizationId: orgA };
    assert.deepEqual(ok(await call('updateRoles', { ...key, roles: ['doctor', 'admin'] }, adminA.token)).item.roles, ['doctor', 'admin']);
    assert.equal(ok(await call('blockUser', key, adminA.token)).item.isBlocked, true);
    assert.equal(ok(await call('unblockUser', key, adminA.token)).item.isBlocked, false);
    assert.equal(ok(await call('update', { id: added.id, organizationId: orgA, isBlocked: true }, adminA.token)).item.isBlocked, true);
    ok(await call('delete', { id: added.id, organizationId: orgA }, adminA.token));
  });

  test('an admin of A cannot touch B: naming B is FORBIDDEN for every member operation', async () => {
    const key = { idpUserId: memberB.idpUserId, organizationId: orgB };
    failsWith(await call('create', newMember(orgB, 'admin'), adminA.token), 'FORBIDDEN', 403);
    failsWith(await call('create', { ...newMember(orgB, 'admin'), idpUserId: adminA.idpUserId }, adminA.token), 'FORBIDDEN', 403);
    failsWith(await call('updateRoles', { ...key, roles: ['staff'] }, adminA.token), 'FORBIDDEN', 403);
    failsWith(await call('update', { id: memberB.userId, organizationId: orgB, role: 'staff' }, adminA.token), 'FORBIDDEN', 403);
    failsWith(await call('blockUser', key, adminA.token), 'FORBIDDEN', 403);
    failsWith(await call('unblockUser', key, adminA.token), 'FORBIDDEN', 403);
    failsWith(await call('delete', { id: memberB.userId, organizationId: orgB }, adminA.token), 'FORBIDDEN', 403);
    failsWith(await call('deleteByIdpUserId', key, adminA.token), 'FORBIDDEN', 403);
    // Naming A with B's record finds nothing.
    failsWith(await call('update', { id: memberB.userId, organizationId: orgA, role: 'staff' }, adminA.token), 'NOT_FOUND', 404);
    assert.deepEqual(JSON.parse(await rolesOf(memberB.idpUserId, orgB)), ['nurse']);
  });

  test('an account without membership cannot join an organization by users.create', async () => {
    const account = newId();
    const token = await tokenFor(t(), account);
    failsWith(await call('create', { ...newMember(orgA, 'admin'), idpUserId: account }, token), 'FORBIDDEN', 403);
    failsWith(await call('create', { ...newMember(orgId(), 'admin'), idpUserId: account }, token), 'FORBIDDEN', 403);
    failsWith(await call('create', { ...newMember(orgA, 'admin'), idpUserId: account, organizationId: null }, token), 'FORBIDDEN', 403);
    assert.equal((await t().database.db.selectFrom('users').select('id').where('idpUserId', '=', account).execute()).length, 0);
  });

  test('a blocked admin is refused at once', async () => {
    const admin = await signIn(t(), { organizationId: orgA, roles: ['admin'] });
    const platform = await platformAdmin(t());
    ok(await call('create', newMember(orgA), admin.token));
    ok(await call('blockUser', { idpUserId: admin.idpUserId, organizationId: orgA }, platform.token));
    failsWith(await call('create', newMember(orgA), admin.token), 'FORBIDDEN', 403);
    failsWith(await call('updateRoles', { idpUserId: receptionist.idpUserId, organizationId: orgA, roles: ['admin'] }, admin.token), 'FORBIDDEN', 403);
    failsWith(await call('unblockUser', { idpUserId: admin.idpUserId, organizationId: orgA }, admin.token), 'FORBIDDEN', 403);
  });
});
