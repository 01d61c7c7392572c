import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import { labSetup, orderInput } from '../labOrders/labOrders.testkit.ts';
import { operations } from './index.ts';

describeEachDialect('labResultFiles access (docs/contract.md, "Audiences and roles")', (t) => {
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('labResultFiles', op, data, token ? { token } : {});
  let setup: Awaited<ReturnType<typeof labSetup>>;
  let order: { id: string };
  let othersOrder: { id: string };
  let file: { id: string };
  const upload = (labOrderId: string, more: Record<string, unknown> = {}) => ({
    organizationId: setup.organizationId,
    labOrderId,
    fileId: `file-${newId()}`,
    fileName: 'result.pdf',
    fileSize: 1000,
    mimeType: 'application/pdf',
    ...more,
  });

  before(async () => {
    setup = await labSetup(t(), orgId());
    order = ok(await t().call('labOrders', 'create', orderInput(setup))).item;
    const other = ok(await t().call('patients', 'create', { organizationId: setup.organizationId, name: 'Other Patient', idpUserId: `idp-${newId()}` })).item;
    othersOrder = ok(await t().call('labOrders', 'create', orderInput({ ...setup, patientId: other.id }))).item;
    file = ok(await call('create', upload(order.id))).item;
  });

  test('staff with a granted role (lab_technician, doctor) pass; update works with id alone; hr and pharmacist are FORBIDDEN', async () => {
    const tech = await signIn(t(), { organizationId: setup.organizationId, roles: ['lab_technician'] });
    ok(await call('create', upload(order.id), tech.token));
    ok(await call('getById', { id: file.id, organizationId: setup.organizationId }, setup.doctor.token));
    const updated = ok(await call('update', { id: file.id, description: 'id only' }, tech.token)).item;
    assert.deepEqual([updated.description, updated.organizationId], ['id only', setup.organizationId]);
    for (const role of ['hr', 'pharmacist']) {
      const member = await signIn(t(), { organizationId: setup.organizationId, roles: [role] });
      failsWith(await call('getById', { id: file.id, organizationId: setup.organizationId }, member.token), 'FORBIDDEN', 403);
      failsWith(await call('create', upload(order.id), member.token), 'FORBIDDEN', 403);
      failsWith(await call('update', { id: file.id, description: role }, member.token), 'FORBIDDEN', 403);
      failsWith(await call('listByOrganization', { organizationId: setup.organizationId }, member.token), 'FORBIDDEN', 403);
    }
  });

  test('a member of another organization naming this one is FORBIDDEN; its records by id are NOT_FOUND', async () => {
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['lab_technician'] });
    failsWith(await call('getById', { id: file.id, organizationId: setup.organizationId }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('create', upload(order.id), outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('listByOrganization', { organizationId: setup.organizationId }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('update', { id: file.id, description: 'x' }, outsider.token), 'NOT_FOUND', 404);
    failsWith(await call('create', { ...upload(order.id), organizationId: undefined }, outsider.token), 'NOT_FOUND', 404);
  });

  test("the order's patient (its linked account) uploads and reads its own results, nobody else's; an account without membership nothing", async () => {
    const patient = await tokenFor(t(), setup.patientIdpUserId!);
    const own = ok(await call('create', { ...upload(order.id), organizationId: undefined }, patient)).item;
    assert.deepEqual([own.organizationId, own.uploadedByPatient, own.patientIdpUserId], [setup.organizationId, true, setup.patientIdpUserId]);
    assert.equal(ok(await call('getById', { id: file.id, organizationId: setup.organizationId }, patient)).item.id, file.id);
    const othersFile = ok(await call('create', upload(othersOrder.id))).item;
    failsWith(await call('getById', { id: othersFile.id, organizationId: setup.organizationId }, patient), 'FORBIDDEN', 403);
    failsWith(await call('create', upload(othersOrder.id), patient), 'FORBIDDEN', 403);
    failsWith(await call('create', { ...upload(othersOrder.id), organizationId: undefined }, patient), 'NOT_FOUND', 404);
    failsWith(await call('update', { id: own.id, description: 'mine' }, patient), 'FORBIDDEN', 403);
    failsWith(await call('listByOrganization', { organizationId: setup.organizationId }, patient), 'FORBIDDEN', 403);
    // Its own order's files it lists; another patient's order it may not.
    const listed = ok(await call('listByOrganization', { organizationId: setup.organizationId, labOrderId: order.id }, patient)).items;
    assert.ok([file.id, own.id].every((id) => listed.some((f: { id: string }) => f.id === id)));
    assert.ok(listed.every((f: { labOrderId: string }) => f.labOrderId === order.id));
    failsWith(await call('listByOrganization', { organizationId: setup.organizationId, labOrderId: othersOrder.id }, patient), 'FORBIDDEN', 403);

    const account = await tokenFor(t(), `idp-${newId()}`);
    failsWith(await call('getById', { id: file.id, organizationId: setup.organizationId }, account), 'FORBIDDEN', 403);
    failsWith(await call('create', upload(order.id), account), 'FORBIDDEN', 403);
    failsWith(await call('update', { id: file.id, description: 'x' }, account), 'FORBIDDEN', 403);
    failsWith(await call('listByOrganization', { organizationId: setup.organizationId, labOrderId: order.id }, account), 'FORBIDDEN', 403);
  });

  test('reads are marked for the read log', () => {
    assert.deepEqual(operations.filter((op) => op.readsPatientData).map((op) => op.name).sort(), ['getById', 'listByOrganization']);
  });
});
