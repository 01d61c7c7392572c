import assert from 'node:assert/strict';
import { it } from 'node:test';
import { signIn } from '../builders.ts';
import { describeEachDialect, failsWith, type TestApp } from '../harness.ts';
import { account, accountWithOrganization, ok, production } from './production.ts';
import { linkAndAccept } from '../../src/namespaces/patients/patients.testkit.ts';

/**
 * Issue 24, finding 8: a patient record's account link changes only through patients.linkAccount
 * and unlinkAccount. update keeps the link (an idpUserId equal to it, or none, is fine; another
 * value or null is refused); create links a new record only as linkAccount would.
 */

describeEachDialect(
  'security: account links change only through link/unlink (issue 24, finding 8)',
  (t) => {
    const patients = (op: string, data: Record<string, unknown>, token: string) => t().call('patients', op, data, { token });

    async function linkedRecord(tt: TestApp) {
      const owner = await accountWithOrganization(tt, 'clinic');
      const holder = await account(tt, 'holder');
      const { organizationId, token } = owner;
      const { id } = ok(await patients('create', { organizationId, name: 'Asha Rao' }, token)).item;
      await linkAndAccept(tt, owner, { organizationId, id }, holder);
      return { owner, holder, organizationId, token, id };
    }

    it('the attack: update with another account is refused, pointing to linkAccount; the record keeps its account', async () => {
      const { holder, organizationId, token, id } = await linkedRecord(t());
      const attacker = await account(t(), 'attacker');
      const refused = failsWith(await patients('update', { organizationId, id, idpUserId: attacker.idpUserId }, token), 'VALIDATION_FAILED', 400);
      assert.deepEqual(refused.details?.map((d) => d.path), ['idpUserId']);
      assert.match(refused.details[0]!.message, /patients\.linkAccount/);
      assert.equal(ok(await patients('getById', { organizationId, id }, token)).item.idpUserId, holder.idpUserId);
      const me = ok(await t().call('auth', 'me', {}, { token: holder.token }));
      assert.deepEqual(me.linkedPatients.map((p: { id: string }) => p.id), [id]);
      const theirs = ok(await t().call('auth', 'me', {}, { token: attacker.token }));
      assert.deepEqual(theirs.linkedPatients, []);
    });

    it('update with null is refused, pointing to unlinkAccount; the same account or none leaves the link as it is', async () => {
      const { holder, organizationId, token, id } = await linkedRecord(t());
      const refused = failsWith(await patients('update', { organizationId, id, idpUserId: null }, token), 'VALIDATION_FAILED', 400);
      assert.match(refused.details![0]!.message, /patients\.unlinkAccount/);
      assert.equal(ok(await patients('update', { organizationId, id, name: 'Asha R.', idpUserId: holder.idpUserId }, token)).item.idpUserId, holder.idpUserId);
      const renamed = ok(await patients('update', { organizationId, id, name: 'Asha Rao' }, token)).item;
      assert.deepEqual([renamed.name, renamed.idpUserId], ['Asha Rao', holder.idpUserId]);
    });

    it('an unlinked record is linked by linkAccount, not by update; update with null keeps it unlinked', async () => {
      const owner = await accountWithOrganization(t(), 'clinic');
      const person = await account(t(), 'person');
      const { organizationId, token } = owner;
      const { id } = ok(await patients('create', { organizationId, name: 'Asha Rao' }, token)).item;
      failsWith(await patients('update', { organizationId, id, idpUserId: person.idpUserId }, token), 'VALIDATION_FAILED', 400);
      assert.equal(ok(await patients('update', { organizationId, id, idpUserId: null, gender: 'female' }, token)).item.idpUserId, null);
      assert.equal(ok(await patients('linkAccount', { organizationId, id, idpUserId: person.idpUserId }, token)).item.idpUserId, person.idpUserId);
      failsWith(await patients('linkAccount', { organizationId, id, idpUserId: owner.idpUserId }, token), 'CONFLICT', 409);
      assert.equal(ok(await patients('unlinkAccount', { organizationId, id }, token)).item.idpUserId, null);
    });

    it('create links a new record as linkAccount would: the roles that may link may, others are FORBIDDEN', async () => {
      const owner = await accountWithOrganization(t(), 'clinic');
      const person = await account(t(), 'person');
      const { organizationId, token } = owner;
      assert.equal(ok(await patients('create', { organizationId, name: 'Asha Rao', idpUserId: person.idpUserId }, token)).item.idpUserId, person.idpUserId);
      const doctor = await signIn(t(), { organizationId, roles: ['doctor'] });
      failsWith(await patients('create', { organizationId, name: 'Meera Iyer', idpUserId: person.idpUserId }, doctor.token), 'FORBIDDEN', 403);
    });
  },
  production(),
);
