import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { operations } from './index.ts';
import { appointment, clinic, formInput, type Clinic } from './preConsultationForms.testkit.ts';

describeEachDialect('preConsultationForms access (docs/contract.md, "Audiences and roles")', (t) => {
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('preConsultationForms', op, data, token ? { token } : {});
  let c: Clinic;
  let form: { id: string };
  let mine: string;

  before(async () => {
    c = await clinic(t());
    mine = await appointment(t(), c, { signed: true });
    form = ok(await call('create', formInput(await appointment(t(), c)))).item;
  });

  test('a member with a granted role passes; members without one (hr, pharmacist) are FORBIDDEN', async () => {
    const receptionist = await signIn(t(), { organizationId: c.org, roles: ['receptionist'] });
    ok(await call('getById', { id: form.id, organizationId: c.org }, receptionist.token));
    ok(await call('update', { id: form.id, organizationId: c.org, answers: { by: 'reception' } }, receptionist.token));
    for (const role of ['hr', 'pharmacist']) {
      const member = await signIn(t(), { organizationId: c.org, roles: [role] });
      failsWith(await call('getById', { id: form.id, organizationId: c.org }, member.token), 'FORBIDDEN', 403);
      failsWith(await call('update', { id: form.id, organizationId: c.org, answers: {} }, member.token), 'FORBIDDEN', 403);
      failsWith(await call('create', formInput(mine, { departmentName: role }), member.token), 'FORBIDDEN', 403);
      failsWith(await call('delete', { id: form.id, organizationId: c.org }, member.token), 'FORBIDDEN', 403);
    }
  });

  test('a member of another organization naming this one is FORBIDDEN; reaching its appointment by id is NOT_FOUND', async () => {
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['doctor'] });
    failsWith(await call('getById', { id: form.id, organizationId: c.org }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('update', { id: form.id, organizationId: c.org, answers: {} }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('delete', { id: form.id, organizationId: c.org }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('create', formInput(mine, { departmentName: 'Outside' }), outsider.token), 'NOT_FOUND', 404);
    assert.equal(ok(await call('listByOrganization', { organizationId: c.org }, outsider.token)).total, 0, 'none of its own there');
  });

  test('an account with a token and no membership reaches no form but those it is for', async () => {
    const account = await tokenFor(t(), 'idp-no-membership');
    failsWith(await call('getById', { id: form.id, organizationId: c.org }, account), 'FORBIDDEN', 403);
    failsWith(await call('update', { id: form.id, organizationId: c.org, answers: {} }, account), 'FORBIDDEN', 403);
    failsWith(await call('create', formInput(mine, { idpUserId: 'idp-no-membership', departmentName: 'Mine?' }), account), 'NOT_FOUND', 404);
    failsWith(await call('delete', { id: form.id, organizationId: c.org }, account), 'FORBIDDEN', 403);
    assert.equal(ok(await call('listByOrganization', { organizationId: c.org }, account)).total, 0);
    const forIt = ok(await call('create', formInput(await appointment(t(), c), { idpUserId: 'idp-no-membership', departmentName: 'For it' }))).item;
    assert.equal(ok(await call('getById', { id: forIt.id, organizationId: c.org }, account)).item.id, forIt.id);
  });

  test('reads are marked for the read log', () => {
    assert.deepEqual(operations.filter((op) => op.readsPatientData).map((op) => op.name).sort(), ['getById', 'listByOrganization']);
  });
});
