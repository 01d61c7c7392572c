import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';

describeEachDialect('patients: staff link records to accounts; who reaches patients', (t) => {
  const org = orgId();
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('patients', op, data, token ? { token } : {});
  const staff = (roles: string[], organizationId = org) => signIn(t(), { organizationId, roles });
  const record = async () => ok(await call('create', { organizationId: org, name: 'Asha Rao' })).item as { id: string };

  for (const role of ['admin', 'receptionist']) {
    test(`${role}: linkAccount sets the record's account, unlinkAccount clears it`, async () => {
      const { token } = await staff([role]);
      const { id } = await record();
      const account = newId();
      assert.equal(ok(await call('linkAccount', { organizationId: org, id, idpUserId: account }, token)).item.idpUserId, account);
      ok(await call('linkAccount', { organizationId: org, id, idpUserId: account }, token));
      failsWith(await call('linkAccount', { organizationId: org, id, idpUserId: newId() }, token), 'CONFLICT', 409);
      assert.equal(ok(await call('unlinkAccount', { organizationId: org, id }, token)).item.idpUserId, null);
      failsWith(await call('update', { organizationId: org, id, idpUserId: account }, token), 'VALIDATION_FAILED', 400);
      const audit = await t().database.db.selectFrom('auditLog').select('operation').where('recordId', '=', id).execute();
      assert.deepEqual(audit.map((a) => a.operation).filter((o) => o.endsWith('Account')).sort(), ['patients.linkAccount', 'patients.linkAccount', 'patients.unlinkAccount']);
    });
  }

  for (const role of ['nurse', 'hr', 'doctor']) {
    test(`${role}: linkAccount and unlinkAccount are FORBIDDEN`, async () => {
      const { token } = await staff([role]);
      const { id } = await record();
      failsWith(await call('linkAccount', { organizationId: org, id, idpUserId: newId() }, token), 'FORBIDDEN', 403);
      failsWith(await call('unlinkAccount', { organizationId: org, id }, token), 'FORBIDDEN', 403);
    });
  }

  test('a doctor edits a record but does not set or change its account', async () => {
    const { token } = await staff(['doctor']);
    const { id } = await record();
    assert.equal(ok(await call('update', { organizationId: org, id, gender: 'female' }, token)).item.gender, 'female');
    failsWith(await call('update', { organizationId: org, id, idpUserId: newId() }, token), 'FORBIDDEN', 403);
    failsWith(await call('create', { organizationId: org, name: 'X', idpUserId: newId() }, token), 'FORBIDDEN', 403);
    ok(await call('create', { organizationId: org, name: 'X' }, token));
  });

  test('roles: clinical staff read, receptionist and doctor create, only admin deletes', async () => {
    const { id } = await record();
    for (const role of ['doctor', 'nurse', 'receptionist', 'accountant', 'lab_technician']) {
      ok(await call('getById', { organizationId: org, id }, (await staff([role])).token));
    }
    failsWith(await call('getById', { organizationId: org, id }, (await staff(['hr'])).token), 'FORBIDDEN', 403);
    failsWith(await call('create', { organizationId: org, name: 'X' }, (await staff(['nurse'])).token), 'FORBIDDEN', 403);
    failsWith(await call('delete', { organizationId: org, id }, (await staff(['receptionist'])).token), 'FORBIDDEN', 403);
    ok(await call('delete', { organizationId: org, id }, (await staff(['admin'])).token));
  });

  test('an account without membership reaches no patients; a member of another organization is FORBIDDEN naming this one', async () => {
    const { id } = await record();
    const account = { token: await tokenFor(t(), newId()) };
    const patientElsewhere = await signIn(t(), { organizationId: orgId(), roles: ['patient'] });
    const outsider = await staff(['admin'], orgId());
    for (const { token } of [account, patientElsewhere, outsider]) {
      failsWith(await call('getById', { organizationId: org, id }, token), 'FORBIDDEN', 403);
      failsWith(await call('listByOrganization', { organizationId: org }, token), 'FORBIDDEN', 403);
      failsWith(await call('linkAccount', { organizationId: org, id, idpUserId: newId() }, token), 'FORBIDDEN', 403);
    }
    const named = failsWith(await call('update', { organizationId: org, id, name: 'Y' }, outsider.token), 'FORBIDDEN', 403);
    assert.match(named.message, /organization is not yours/);
  });
});
