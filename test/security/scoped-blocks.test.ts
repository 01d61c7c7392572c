import assert from 'node:assert/strict';
import { it } from 'node:test';
import { platformAdmin } from '../builders.ts';
import { describeEachDialect, failsWith } from '../harness.ts';
import { account, accountWithOrganization, ok, production } from './production.ts';

/**
 * Issue 24, finding 2 (blocks): a block is scoped to the organization that made it. Blocked by E,
 * a person is FORBIDDEN in E only and keeps every other organization, their own data and auth.me;
 * only a platform admin blocks an identity on the whole platform.
 */
describeEachDialect(
  'security: a block is scoped to the organization that made it (issue 24, finding 2)',
  (t) => {
    it('blocked by E: FORBIDDEN in E, every other organization and the person\'s own data stay', async () => {
      const person = await accountWithOrganization(t(), 'own');
      const e = await accountWithOrganization(t(), 'blocker');
      const record = ok(await t().call('users', 'create', { organizationId: e.organizationId, idpUserId: person.idpUserId, email: person.email, role: 'nurse' }, { token: e.token })).item;
      ok(await t().call('users', 'acceptInvitation', { id: record.id }, { token: person.token }));
      ok(await t().call('patients', 'listByOrganization', { organizationId: e.organizationId }, { token: person.token }));

      ok(await t().call('users', 'blockUser', { organizationId: e.organizationId, idpUserId: person.idpUserId }, { token: e.token }));
      failsWith(await t().call('patients', 'listByOrganization', { organizationId: e.organizationId }, { token: person.token }), 'FORBIDDEN', 403);
      ok(await t().call('patients', 'listByOrganization', { organizationId: person.organizationId }, { token: person.token }));
      ok(await t().call('auth', 'me', {}, { token: person.token }));
      ok(await t().call('prescriptionMarketplace', 'getMyPrescriptions', {}, { token: person.token }));
    });

    it('a person whose only membership is blocked keeps auth.me and their own data', async () => {
      const person = await account(t(), 'only');
      const e = await accountWithOrganization(t(), 'only-blocker');
      const record = ok(await t().call('users', 'create', { organizationId: e.organizationId, idpUserId: person.idpUserId, email: person.email, role: 'staff' }, { token: e.token })).item;
      ok(await t().call('users', 'acceptInvitation', { id: record.id }, { token: person.token }));
      ok(await t().call('users', 'blockUser', { organizationId: e.organizationId, idpUserId: person.idpUserId }, { token: e.token }));
      const me = ok(await t().call('auth', 'me', {}, { token: person.token }));
      assert.equal(me.memberships[0].blocked, true);
      ok(await t().call('prescriptionMarketplace', 'getMyPrescriptions', {}, { token: person.token }));
      failsWith(await t().call('wards', 'listByOrganization', { organizationId: e.organizationId }, { token: person.token }), 'FORBIDDEN', 403);
    });

    it('only a platform admin blocks an identity everywhere (a blocked platform-level record)', async () => {
      const person = await accountWithOrganization(t(), 'platform-blocked');
      const admin = await platformAdmin(t());
      // An organization's admin cannot make a platform-level record.
      const other = await accountWithOrganization(t(), 'not-platform');
      failsWith(await t().call('users', 'create', { idpUserId: person.idpUserId, email: person.email, role: 'staff', isBlocked: true }, { token: other.token }), 'FORBIDDEN', 403);
      ok(await t().call('patients', 'listByOrganization', { organizationId: person.organizationId }, { token: person.token }));

      ok(await t().call('users', 'create', { idpUserId: person.idpUserId, email: person.email, role: 'staff', isBlocked: true }, { token: admin.token }));
      failsWith(await t().call('patients', 'listByOrganization', { organizationId: person.organizationId }, { token: person.token }), 'FORBIDDEN', 403);
      failsWith(await t().call('prescriptionMarketplace', 'getMyPrescriptions', {}, { token: person.token }), 'FORBIDDEN', 403);
    });
  },
  production(),
);
