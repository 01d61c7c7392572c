import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

describeEachDialect('users.syncFromIdpAuth', (t) => {
  const sync = (data: Record<string, unknown>, token?: string) => t().call('users', 'syncFromIdpAuth', data, token ? { token } : {});

  test('creates the team\'s organization and the user record in it; returns both', async () => {
    const team = `team-${newId()}`;
    const idp = newId();
    const data = ok(
      await sync({
        idpUserId: idp,
        idpTeamId: team,
        email: 'first@example.test',
        displayName: 'First',
        title: 'Dr',
        role: 'doctor',
        roles: ['admin'],
        organizationType: 'clinic',
        addressCity: 'Pune',
        addressCountry: 'IN',
      }),
    );
    const { item, organization } = data;
    assert.equal(organization.idpTeamId, team);
    assert.equal(organization.name, team);
    assert.equal(organization.type, 'clinic');
    assert.equal(organization.isActive, true);
    assert.deepEqual(organization.address, { street: null, city: 'Pune', state: null, postalCode: null, country: 'IN' });
    assert.equal(item.organizationId, organization.id);
    const admin = await platformAdmin(t());
    assert.deepEqual(organization, ok(await t().call('organizations', 'getById', { id: organization.id }, { token: admin.token })).item);
    assert.equal(item.idpUserId, idp);
    assert.equal(item.email, 'first@example.test');
    assert.equal(item.title, 'Dr');
    assert.equal(item.role, 'doctor');
    assert.deepEqual(item.roles, ['doctor', 'admin']);
    assert.equal(item.isActive, true);
    assert.equal(typeof item.lastLoginAt, 'number');
    assert.deepEqual(ok(await t().call('users', 'getByIdpUserId', { idpUserId: idp, organizationId: organization.id })).item, item);
  });

  test('a second sync updates the same record: omitted unchanged, null cleared; the organization is reused as it is', async () => {
    const team = `team-${newId()}`;
    const idp = newId();
    const first = ok(await sync({ idpUserId: idp, idpTeamId: team, email: 'a@example.test', displayName: 'A', avatarUrl: 'http://a', organizationType: 'clinic' }));
    assert.equal(first.item.role, 'staff');
    assert.equal(first.organization.address, null);
    const second = ok(await sync({ idpUserId: idp, idpTeamId: team, email: 'b@example.test', avatarUrl: null, organizationType: 'hospital', addressCity: 'X' }));
    assert.equal(second.item.id, first.item.id);
    assert.equal(second.item.email, 'b@example.test');
    assert.equal(second.item.displayName, 'A');
    assert.equal(second.item.avatarUrl, null);
    assert.deepEqual(second.organization, first.organization);

    // Roles: `role` alone adds it as primary; `roles` replaces the list.
    let item = ok(await sync({ idpUserId: idp, idpTeamId: team, email: 'b@example.test', role: 'nurse' })).item;
    assert.deepEqual([item.role, item.roles], ['nurse', ['nurse', 'staff']]);
    item = ok(await sync({ idpUserId: idp, idpTeamId: team, email: 'b@example.test', roles: ['hr'] })).item;
    assert.deepEqual([item.role, item.roles], ['hr', ['hr']]);

    const colleague = ok(await sync({ idpUserId: newId(), idpTeamId: team, email: 'c@example.test' }));
    assert.equal(colleague.organization.id, first.organization.id);
    const orgs = await t().database.db.selectFrom('organizations').select('id').where('idpTeamId', '=', team).execute();
    assert.equal(orgs.length, 1);
  });

  test('concurrent first syncs of one person make one organization and one record', async () => {
    const team = `team-${newId()}`;
    const idp = newId();
    const results = await Promise.all([1, 2, 3, 4].map((n) => sync({ idpUserId: idp, idpTeamId: team, email: `${n}@example.test` })));
    const ids = new Set(results.map((r) => ok(r).item.id));
    assert.equal(ids.size, 1);
    const rows = await t().database.db.selectFrom('users').select('id').where('idpUserId', '=', idp).execute();
    assert.equal(rows.length, 1);
  });

  test('validation: required idpUserId, idpTeamId, email format, known roles', async () => {
    const error = failsWith(await sync({ email: 'nope', role: 'chef', roles: ['doctor', 'x'], displayName: 3 }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['displayName', 'email', 'idpTeamId', 'idpUserId', 'role', 'roles.1']);
    failsWith(await sync({ idpUserId: newId(), idpTeamId: '', email: 'a@example.test' }), 'VALIDATION_FAILED', 400);
  });

  test('tenancy: a caller bound to another organization cannot sync into an existing team\'s organization', async () => {
    const team = `team-${newId()}`;
    const { organization } = ok(await sync({ idpUserId: newId(), idpTeamId: team, email: 'a@example.test' }));
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
    failsWith(await sync({ idpUserId: newId(), idpTeamId: team, email: 'b@example.test' }, outsider.token), 'FORBIDDEN', 403);
    const member = await signIn(t(), { organizationId: organization.id, roles: ['admin'] });
    ok(await sync({ idpUserId: newId(), idpTeamId: team, email: 'b@example.test' }, member.token));
  });

  test('an account cannot join an organization by sync: neither an existing team\'s nor a new one', async () => {
    const team = `team-${newId()}`;
    ok(await sync({ idpUserId: newId(), idpTeamId: team, email: 'a@example.test' }));
    const account = newId();
    const token = await tokenFor(t(), account);
    failsWith(await sync({ idpUserId: account, idpTeamId: team, email: 'me@example.test', role: 'admin' }, token), 'FORBIDDEN', 403);
    failsWith(await sync({ idpUserId: account, idpTeamId: `team-${newId()}`, email: 'me@example.test', role: 'admin' }, token), 'FORBIDDEN', 403);
    assert.equal((await t().database.db.selectFrom('users').select('id').where('idpUserId', '=', account).execute()).length, 0);
  });

  test('only an admin of the team\'s organization syncs into it; a new team only a platform admin', async () => {
    const team = `team-${newId()}`;
    const { organization } = ok(await sync({ idpUserId: newId(), idpTeamId: team, email: 'a@example.test' }));
    const receptionist = await signIn(t(), { organizationId: organization.id, roles: ['receptionist'] });
    failsWith(await sync({ idpUserId: receptionist.idpUserId, idpTeamId: team, email: 'r@example.test', role: 'admin' }, receptionist.token), 'FORBIDDEN', 403);
    const admin = await signIn(t(), { organizationId: organization.id, roles: ['admin'] });
    const newTeam = `team-${newId()}`;
    failsWith(await sync({ idpUserId: newId(), idpTeamId: newTeam, email: 'n@example.test' }, admin.token), 'FORBIDDEN', 403);
    const platform = await platformAdmin(t());
    assert.equal(ok(await sync({ idpUserId: newId(), idpTeamId: newTeam, email: 'n@example.test' }, platform.token)).organization.idpTeamId, newTeam);
  });
});
