import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { newId } from '../src/values/ids.ts';
import { platformAdmin, signIn, tokenFor, type SignedIn } from './builders.ts';
import { describeEachDialect, failsWith, ok, type ApiResponse } from './harness.ts';

/**
 * Nobody gets more than they were given (docs/contract.md, "Audiences and roles"): roles are granted by admins of the
 * organization only, never across organizations, platform_admin only by a platform admin, and an
 * account cannot make itself a member.
 */

/** A refusal: FORBIDDEN, or NOT_FOUND for a record of another organization. */
function refused(res: ApiResponse): void {
  assert.ok(res.statusCode === 403 || res.statusCode === 404, `expected 403 or 404, got ${res.statusCode} ${JSON.stringify(res.body)}`);
}

describeEachDialect('access: escalation', (t) => {
  interface Org {
    id: string;
    team: string;
    admin: SignedIn;
    receptionist: SignedIn;
    nurse: SignedIn;
  }
  let root: SignedIn;
  let a: Org;
  let b: Org;

  const users = (apiName: string, data: Record<string, unknown>, caller: SignedIn | string) =>
    t().call('users', apiName, data, { token: typeof caller === 'string' ? caller : caller.token });
  const recordOf = (idpUserId: string) =>
    t().database.db.selectFrom('users').select(['organizationId', 'role', 'roles', 'isBlocked']).where('idpUserId', '=', idpUserId).execute();

  async function organization(): Promise<Org> {
    const tag = newId().slice(-10).toLowerCase();
    const created = ok(await t().call('organizations', 'create', { name: `Org ${tag}`, slug: `e-${tag}`, type: 'hospital', idpTeamId: `team-${tag}` }, { token: root.token }));
    const id = created.item.id as string;
    return {
      id,
      team: `team-${tag}`,
      admin: await signIn(t(), { organizationId: id, roles: ['admin'] }),
      receptionist: await signIn(t(), { organizationId: id, roles: ['receptionist'] }),
      nurse: await signIn(t(), { organizationId: id, roles: ['nurse'] }),
    };
  }

  before(async () => {
    root = await platformAdmin(t());
    a = await organization();
    b = await organization();
  });

  test('a receptionist can neither change roles (its own included), nor add, change or block members', async () => {
    const { receptionist, nurse } = a;
    for (const idpUserId of [receptionist.idpUserId, nurse.idpUserId]) {
      failsWith(await users('updateRoles', { idpUserId, organizationId: a.id, roles: ['admin'] }, receptionist), 'FORBIDDEN', 403);
    }
    failsWith(await users('update', { id: receptionist.userId, organizationId: a.id, roles: ['admin'] }, receptionist), 'FORBIDDEN', 403);
    failsWith(await users('create', { idpUserId: newId(), email: 'new@example.test', role: 'admin', organizationId: a.id }, receptionist), 'FORBIDDEN', 403);
    failsWith(await users('blockUser', { idpUserId: nurse.idpUserId, organizationId: a.id }, receptionist), 'FORBIDDEN', 403);
    failsWith(await users('syncFromIdpAuth', { idpUserId: receptionist.idpUserId, idpTeamId: a.team, email: 'r@example.test', role: 'admin' }, receptionist), 'FORBIDDEN', 403);
    assert.deepEqual((await recordOf(receptionist.idpUserId)).map((r) => r.role), ['receptionist']);
    assert.deepEqual((await recordOf(nurse.idpUserId)).map((r) => Boolean(r.isBlocked)), [false]);
  });

  test('the admin of A changes the roles of A\'s members, and cannot touch a user of B', async () => {
    ok(await users('updateRoles', { idpUserId: a.nurse.idpUserId, organizationId: a.id, roles: ['nurse', 'receptionist'] }, a.admin));
    const target = b.nurse;
    refused(await users('updateRoles', { idpUserId: target.idpUserId, organizationId: b.id, roles: ['admin'] }, a.admin));
    refused(await users('updateRoles', { idpUserId: target.idpUserId, organizationId: a.id, roles: ['admin'] }, a.admin));
    refused(await users('update', { id: target.userId, organizationId: b.id, roles: ['admin'] }, a.admin));
    refused(await users('update', { id: target.userId, organizationId: a.id, roles: ['admin'] }, a.admin));
    refused(await users('blockUser', { idpUserId: target.idpUserId, organizationId: b.id }, a.admin));
    refused(await users('delete', { id: target.userId, organizationId: a.id }, a.admin));
    refused(await users('create', { idpUserId: newId(), email: 'x@example.test', role: 'admin', organizationId: b.id }, a.admin));
    refused(await users('syncFromIdpAuth', { idpUserId: a.admin.idpUserId, idpTeamId: b.team, email: 'a@example.test', role: 'admin' }, a.admin));
    const [stored] = await recordOf(target.idpUserId);
    assert.deepEqual({ ...stored, isBlocked: Boolean(stored?.isBlocked) }, { organizationId: b.id, role: 'nurse', roles: '["nurse"]', isBlocked: false });
    assert.deepEqual((await recordOf(a.admin.idpUserId)).map((r) => r.organizationId), [a.id], 'the admin of A did not join B');
  });

  test('only a platform admin grants platform_admin', async () => {
    const member = await signIn(t(), { organizationId: a.id, roles: ['nurse'] });
    failsWith(await users('updateRoles', { idpUserId: member.idpUserId, organizationId: a.id, roles: ['platform_admin'] }, a.admin), 'FORBIDDEN', 403);
    failsWith(await users('updateRoles', { idpUserId: a.admin.idpUserId, organizationId: a.id, roles: ['admin', 'platform_admin'] }, a.admin), 'FORBIDDEN', 403);
    failsWith(await users('update', { id: member.userId, organizationId: a.id, role: 'platform_admin' }, a.admin), 'FORBIDDEN', 403);
    failsWith(await users('create', { idpUserId: newId(), email: 'p@example.test', role: 'platform_admin', organizationId: a.id }, a.admin), 'FORBIDDEN', 403);
    failsWith(await users('syncFromIdpAuth', { idpUserId: newId(), idpTeamId: a.team, email: 'p@example.test', role: 'platform_admin' }, a.admin), 'FORBIDDEN', 403);
    const held = (rows: Awaited<ReturnType<typeof recordOf>>) => rows.some((r) => r.role === 'platform_admin' || r.roles?.includes('platform_admin'));
    assert.equal(held(await recordOf(member.idpUserId)), false);
    assert.equal(held(await recordOf(a.admin.idpUserId)), false);
    ok(await users('updateRoles', { idpUserId: member.idpUserId, organizationId: a.id, roles: ['nurse', 'platform_admin'] }, root));
    assert.equal(held(await recordOf(member.idpUserId)), true);
  });

  test('an account without membership cannot join an organization through users.create or users.syncFromIdpAuth', async () => {
    const idpUserId = `account-${newId()}`;
    const account = await tokenFor(t(), idpUserId);
    failsWith(await users('create', { idpUserId, email: 'me@example.test', role: 'admin', organizationId: b.id }, account), 'FORBIDDEN', 403);
    failsWith(await users('create', { idpUserId, email: 'me@example.test', role: 'staff', organizationId: b.id }, account), 'FORBIDDEN', 403);
    refused(await users('syncFromIdpAuth', { idpUserId, idpTeamId: b.team, email: 'me@example.test', role: 'admin' }, account));
    refused(await users('syncFromIdpAuth', { idpUserId, idpTeamId: b.team, email: 'me@example.test' }, account));
    assert.deepEqual(await recordOf(idpUserId), []);
  });

  test('a member blocked by its admin is refused at once', async () => {
    const member = await signIn(t(), { organizationId: a.id, roles: ['receptionist'] });
    ok(await t().call('patients', 'listByOrganization', { organizationId: a.id }, { token: member.token }));
    ok(await users('blockUser', { idpUserId: member.idpUserId, organizationId: a.id }, a.admin));
    failsWith(await t().call('patients', 'listByOrganization', { organizationId: a.id }, { token: member.token }), 'FORBIDDEN', 403);
  });
});
