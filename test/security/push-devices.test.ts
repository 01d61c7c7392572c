import assert from 'node:assert/strict';
import { it } from 'node:test';
import { platformAdmin } from '../builders.ts';
import { describeEachDialect, failsWith } from '../harness.ts';
import { accountWithOrganization, ok, production } from './production.ts';

/**
 * Issue 24, finding 2 (devices): a push device belongs to its person. Only the person (and
 * platform admins) create, change or delete it; no organization changes its token, so no
 * organization can redirect the person's pushes to a device of its own.
 */
describeEachDialect(
  'security: a push device belongs to its person (issue 24, finding 2)',
  (t) => {
    const token = (name: string) => `ExponentPushToken[${name}-${Date.now()}-${Math.random().toString(36).slice(2)}]`;

    async function setting() {
      const person = await accountWithOrganization(t(), 'patient');
      const own = token('person');
      const device = ok(await t().call('pushDevices', 'create', { idpUserId: person.idpUserId, platform: 'ios', providerPushToken: own }, { token: person.token })).item;
      const attacker = await accountWithOrganization(t(), 'attacker');
      return { person, own, device, attacker };
    }

    const tokenOf = async (person: { token: string; organizationId: string }, deviceId: string) =>
      ok(await t().call('pushDevices', 'getById', { id: deviceId, organizationId: person.organizationId }, { token: person.token })).item.providerPushToken;

    it('the attack: an organization that adopted the identity cannot change the device token', async () => {
      const { person, own, device, attacker } = await setting();
      // Adopting the identity (an invitation, left pending) gives the organization no hold on the device.
      ok(await t().call('users', 'create', { organizationId: attacker.organizationId, idpUserId: person.idpUserId, email: person.email, role: 'staff' }, { token: attacker.token }));
      const stolen = token('attacker');
      const attack = await t().call('pushDevices', 'update', { id: device.id, organizationId: attacker.organizationId, providerPushToken: stolen }, { token: attacker.token });
      assert.ok(attack.statusCode === 403 || attack.statusCode === 404, JSON.stringify(attack.body));
      assert.equal(await tokenOf(person, device.id), own);
    });

    it('even an organization the person belongs to cannot change, move or delete their device', async () => {
      const { person, own, device, attacker } = await setting();
      const record = ok(await t().call('users', 'create', { organizationId: attacker.organizationId, idpUserId: person.idpUserId, email: person.email, role: 'staff' }, { token: attacker.token })).item;
      ok(await t().call('users', 'acceptInvitation', { id: record.id }, { token: person.token }));
      const into = { id: device.id, organizationId: attacker.organizationId };
      failsWith(await t().call('pushDevices', 'update', { ...into, providerPushToken: token('attacker') }, { token: attacker.token }), 'FORBIDDEN', 403);
      failsWith(await t().call('pushDevices', 'update', { ...into, isActive: false }, { token: attacker.token }), 'FORBIDDEN', 403);
      failsWith(await t().call('pushDevices', 'delete', into, { token: attacker.token }), 'FORBIDDEN', 403);
      assert.equal(await tokenOf(person, device.id), own);
      // What the organization reads carries no token.
      const listed = ok(await t().call('pushDevices', 'listByOrganization', { organizationId: attacker.organizationId }, { token: attacker.token })).items;
      for (const item of listed) assert.notEqual(item.providerPushToken, own);
    });

    it('the person and platform admins change the device', async () => {
      const { person, device } = await setting();
      const renewed = token('renewed');
      ok(await t().call('pushDevices', 'update', { id: device.id, organizationId: person.organizationId, providerPushToken: renewed }, { token: person.token }));
      assert.equal(await tokenOf(person, device.id), renewed);
      const admin = await platformAdmin(t());
      ok(await t().call('pushDevices', 'update', { id: device.id, organizationId: person.organizationId, isActive: false }, { token: admin.token }));
      ok(await t().call('pushDevices', 'delete', { id: device.id, organizationId: person.organizationId }, { token: person.token }));
    });
  },
  production(),
);
