import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { operations } from './index.ts';
import { labSetup, orderInput } from './labOrders.testkit.ts';

describeEachDialect('labOrders access (docs/contract.md, "Audiences and roles")', (t) => {
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('labOrders', op, data, token ? { token } : {});
  let setup: Awaited<ReturnType<typeof labSetup>>;
  let order: { id: string };

  before(async () => {
    setup = await labSetup(t(), orgId());
    order = ok(await call('create', orderInput(setup))).item;
  });

  test('a member with a granted role passes, id alone finds the order; members without one (hr, pharmacist) are FORBIDDEN', async () => {
    const tech = await signIn(t(), { organizationId: setup.organizationId, roles: ['lab_technician'] });
    ok(await call('create', orderInput(setup), tech.token));
    assert.equal(ok(await call('listByOrganization', { organizationId: setup.organizationId }, tech.token)).total >= 2, true);
    const updated = ok(await call('update', { id: order.id, notes: 'id only' }, tech.token)).item;
    assert.deepEqual([updated.notes, updated.organizationId], ['id only', setup.organizationId]);
    for (const role of ['hr', 'pharmacist']) {
      const member = await signIn(t(), { organizationId: setup.organizationId, roles: [role] });
      failsWith(await call('getById', { id: order.id, organizationId: setup.organizationId }, member.token), 'FORBIDDEN', 403);
      failsWith(await call('update', { id: order.id, notes: role }, member.token), 'FORBIDDEN', 403);
      failsWith(await call('create', orderInput(setup), member.token), 'FORBIDDEN', 403);
    }
  });

  test('a member of another organization naming this one is FORBIDDEN; its order by id is NOT_FOUND', async () => {
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['lab_technician'] });
    failsWith(await call('listByOrganization', { organizationId: setup.organizationId }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('getLabReport', { organizationId: setup.organizationId }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('getById', { id: order.id, organizationId: setup.organizationId }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('update', { id: order.id, notes: 'x' }, outsider.token), 'NOT_FOUND', 404);
    failsWith(await call('create', { ...orderInput(setup), organizationId: undefined }, outsider.token), 'NOT_FOUND', 404);
  });

  test('an account with a token and no membership, the patient\'s own included, reads and writes no order', async () => {
    for (const token of [await tokenFor(t(), 'idp-no-membership'), await tokenFor(t(), setup.patientIdpUserId!)]) {
      failsWith(await call('getById', { id: order.id, organizationId: setup.organizationId }, token), 'FORBIDDEN', 403);
      failsWith(await call('listByOrganization', { organizationId: setup.organizationId }, token), 'FORBIDDEN', 403);
      failsWith(await call('update', { id: order.id, notes: 'x' }, token), 'FORBIDDEN', 403);
      failsWith(await call('create', orderInput(setup), token), 'FORBIDDEN', 403);
    }
    assert.equal(ok(await call('getById', { id: order.id, organizationId: setup.organizationId })).item.notes === 'x', false);
  });

  test('every read is marked for the read log', () => {
    assert.deepEqual(operations.filter((op) => op.readsPatientData).map((op) => op.name).sort(), ['getById', 'getLabReport', 'listByOrganization']);
  });
});
