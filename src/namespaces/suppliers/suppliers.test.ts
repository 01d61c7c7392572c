import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

const FIELDS = ['address', 'contactPerson', 'createdAt', 'email', 'gstNumber', 'id', 'isActive', 'module', 'name', 'organizationId', 'phone', 'updatedAt'];

describeEachDialect('suppliers', (t) => {
  const org = orgId();
  const other = orgId();
  const call = (op: string, data: Record<string, unknown>) => t().call('suppliers', op, data);
  const create = (data: Record<string, unknown> = {}, organizationId = org) => call('create', { organizationId, name: 'Acme Pharma', ...data });

  test('create returns the whole record, isActive defaulting to true; getById returns the same', async () => {
    const { item } = ok(
      await create({ id: 'mine', module: 'pharmacy', contactPerson: 'R. Rao', phone: '+91 98450 00000', email: 'sales@acme.test', gstNumber: '29ABCDE1234F1Z5', address: 'Bengaluru' }),
    );
    assert.deepEqual(Object.keys(item).sort(), FIELDS);
    assert.notEqual(item.id, 'mine');
    assert.equal(item.organizationId, org);
    assert.equal(item.module, 'pharmacy');
    assert.equal(item.isActive, true);
    assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: org })).item, item);
    const bare = ok(await create({ isActive: null })).item;
    assert.equal(bare.isActive, true);
    assert.equal(bare.email, null);
  });

  test('create validates: name required, email format, isActive boolean, organizationId', async () => {
    const error = failsWith(await call('create', { organizationId: '', name: ' ', email: 'not-an-email', isActive: 'yes' }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['email', 'isActive', 'name', 'organizationId']);
    failsWith(await call('create', { organizationId: org }), 'VALIDATION_FAILED', 400);
  });

  test('update changes the listed fields, null clears, name cannot be cleared, module is left alone', async () => {
    const { item } = ok(await create({ module: 'pharmacy', phone: '123' }));
    const updated = ok(await call('update', { id: item.id, organizationId: org, name: 'Acme Labs', phone: null, isActive: false, module: 'lab' })).item;
    assert.equal(updated.name, 'Acme Labs');
    assert.equal(updated.phone, null);
    assert.equal(updated.isActive, false);
    assert.equal(updated.module, 'pharmacy');
    assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: org })).item, updated);
    failsWith(await call('update', { id: item.id, organizationId: org, name: null }), 'VALIDATION_FAILED', 400);
    failsWith(await call('update', { id: item.id, organizationId: org, email: 'x' }), 'VALIDATION_FAILED', 400);
    assert.equal(ok(await call('update', { id: item.id, organizationId: org, isActive: null })).item.isActive, true);
    assert.equal(ok(await call('update', { id: item.id, organizationId: org, isActive: null })).item.isActive, true, 'null on an active supplier keeps it active');
    // module is not an update field: any value is ignored like an unknown field, not validated.
    for (const module of [5, '', null, 'lab']) {
      assert.equal(ok(await call('update', { id: item.id, organizationId: org, module, address: 'Pune' })).item.module, 'pharmacy');
    }
  });

  test("another organization's supplier is NOT_FOUND for getById, update and delete", async () => {
    const { item } = ok(await create());
    failsWith(await call('getById', { id: item.id, organizationId: other }), 'NOT_FOUND', 404);
    failsWith(await call('update', { id: item.id, organizationId: other, name: 'Stolen' }), 'NOT_FOUND', 404);
    failsWith(await call('delete', { id: item.id, organizationId: other }), 'NOT_FOUND', 404);
    assert.equal(ok(await call('getById', { id: item.id, organizationId: org })).item.name, 'Acme Pharma');
    const member = await signIn(t(), { organizationId: other, roles: ['pharmacist'] });
    failsWith(await t().call('suppliers', 'getById', { id: item.id, organizationId: org }, { token: member.token }), 'FORBIDDEN', 403);
  });

  test('delete removes a supplier no item names; one that items name is INVALID_STATE until they change', async () => {
    const unused = ok(await create()).item;
    assert.deepEqual(ok(await call('delete', { id: unused.id, organizationId: org })), { id: unused.id, deleted: true });
    failsWith(await call('getById', { id: unused.id, organizationId: org }), 'NOT_FOUND', 404);
    failsWith(await call('delete', { id: unused.id, organizationId: org }), 'NOT_FOUND', 404);

    const used = ok(await create()).item;
    const stock = ok(await t().call('inventoryItems', 'create', { organizationId: org, itemName: 'Gauze', supplierId: used.id })).item;
    const error = failsWith(await call('delete', { id: used.id, organizationId: org }), 'INVALID_STATE', 409);
    assert.match(error.message, /1 inventory item/);
    ok(await t().call('inventoryItems', 'update', { id: stock.id, organizationId: org, supplierId: null }));
    ok(await call('delete', { id: used.id, organizationId: org }));
  });

  test('list filters by module, searches name, contact, phone, email and GST number, sorts by a whitelisted field', async () => {
    const own = orgId();
    ok(await create({ name: 'beta Surgical', module: 'hospital', contactPerson: 'Zed' }, own));
    ok(await create({ name: 'Alpha Meds', module: 'pharmacy', email: 'orders@alpha.test' }, own));
    ok(await create({ name: 'Gamma 100% Labs', module: 'lab', gstNumber: '07XYZ' }, own));
    ok(await create({ name: 'Elsewhere', module: 'pharmacy' }, orgId()));

    const all = ok(await call('list', { organizationId: own }));
    assert.equal(all.total, 3);
    assert.deepEqual(all.items.map((s: { name: string }) => s.name), ['Gamma 100% Labs', 'Alpha Meds', 'beta Surgical'], 'newest first by default');
    assert.deepEqual(ok(await call('list', { organizationId: own, module: 'pharmacy' })).items.map((s: { name: string }) => s.name), ['Alpha Meds']);
    assert.deepEqual(ok(await call('list', { organizationId: own, search: 'ALPHA.test' })).items.map((s: { name: string }) => s.name), ['Alpha Meds']);
    assert.deepEqual(ok(await call('list', { organizationId: own, search: 'zed' })).items.map((s: { name: string }) => s.name), ['beta Surgical']);
    assert.deepEqual(ok(await call('list', { organizationId: own, search: '07xy' })).items.map((s: { name: string }) => s.name), ['Gamma 100% Labs']);
    assert.equal(ok(await call('list', { organizationId: own, search: '0%' })).total, 1, '% is literal');
    const byName = ok(await call('list', { organizationId: own, sortBy: 'name', sortOrder: 'ASC' }));
    assert.deepEqual(byName.items.map((s: { name: string }) => s.name), ['Alpha Meds', 'beta Surgical', 'Gamma 100% Labs'], 'case-insensitive');
    const paged = ok(await call('list', { organizationId: own, sortBy: 'name', sortOrder: 'desc', page: 2, pageSize: 2 }));
    assert.deepEqual(paged.items.map((s: { name: string }) => s.name), ['Alpha Meds']);
    assert.deepEqual([paged.total, paged.page, paged.pageSize, paged.totalPages], [3, 2, 2, 2]);
    assert.equal(ok(await call('list', { organizationId: other })).total, 0);
  });

  test('list validates sortBy, sortOrder and paging', async () => {
    const error = failsWith(await call('list', { organizationId: org, sortBy: 'password', sortOrder: 'up', pageSize: 101 }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['pageSize', 'sortBy', 'sortOrder']);
  });
});
