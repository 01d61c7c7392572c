import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

const FIELDS = ['code', 'createdAt', 'description', 'floor', 'id', 'isActive', 'name', 'organizationId', 'updatedAt'];

describeEachDialect('wards', (t) => {
  const org = orgId();
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('wards', op, data, token ? { token } : {});
  const create = (data: Record<string, unknown> = {}, organizationId = org) => call('create', { organizationId, name: 'General Ward', ...data });

  test('create returns the whole record, active by default; getById returns it', async () => {
    const { item } = ok(await create({ code: 'GW', floor: '2', id: 'mine' }));
    assert.deepEqual(Object.keys(item).sort(), FIELDS);
    assert.notEqual(item.id, 'mine');
    assert.equal(item.isActive, true);
    assert.equal(item.description, null);
    assert.equal(item.floor, '2');
    assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: org })).item, item);
  });

  test('create validates its fields', async () => {
    const error = failsWith(await call('create', { organizationId: org, name: ' ', code: '', isActive: 'yes' }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['code', 'isActive', 'name']);
    failsWith(await call('create', { name: 'No organization' }), 'VALIDATION_FAILED', 400);
  });

  test('a code is unique within the organization only', async () => {
    ok(await create({ code: 'ICU' }));
    failsWith(await create({ code: 'ICU' }), 'CONFLICT', 409);
    ok(await create({ code: 'ICU' }, orgId()));
    ok(await create({ code: null }));
    ok(await create({ code: null }));
  });

  test('update: omitted unchanged, null clears (isActive back to true); another organization is NOT_FOUND', async () => {
    const { item } = ok(await create({ description: 'East wing', floor: '1' }));
    const updated = ok(await call('update', { id: item.id, organizationId: org, description: null, isActive: false })).item;
    assert.equal(updated.description, null);
    assert.equal(updated.floor, '1');
    assert.equal(updated.isActive, false);
    assert.equal(ok(await call('update', { id: item.id, organizationId: org, isActive: null })).item.isActive, true);
    failsWith(await call('update', { id: item.id, organizationId: org, name: null }), 'VALIDATION_FAILED', 400);
    failsWith(await call('update', { id: item.id, organizationId: orgId(), name: 'X' }), 'NOT_FOUND', 404);
    failsWith(await call('getById', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
  });

  test('update: isActive null on an active ward keeps it active, and nothing else changes', async () => {
    const { item } = ok(await create({ code: `N${Date.now() % 100000}` }));
    const updated = ok(await call('update', { id: item.id, organizationId: org, isActive: null })).item;
    assert.equal(updated.isActive, true);
    assert.deepEqual({ ...updated, updatedAt: item.updatedAt }, item);
    assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: org })).item, updated);
  });

  test('getById, update, delete and listByOrganization validate their keys', async () => {
    for (const op of ['getById', 'update', 'delete']) {
      const error = failsWith(await call(op, { id: '' }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['id', 'organizationId'], op);
    }
    const { item } = ok(await create());
    failsWith(await call('update', { id: item.id, organizationId: org, code: '', floor: 3, isActive: 'no' }), 'VALIDATION_FAILED', 400);
    failsWith(await call('listByOrganization', { organizationId: org, page: 0 }), 'VALIDATION_FAILED', 400);
  });

  test('text with a NUL character is never a 5xx (PostgreSQL cannot store it: VALIDATION_FAILED)', async () => {
    for (const response of [await create({ name: 'a\u0000b' }), await call('getById', { id: 'a\u0000b', organizationId: org })]) {
      assert.ok(response.statusCode < 500, JSON.stringify(response.body));
      if (t().dialect === 'postgres') failsWith(response, 'VALIDATION_FAILED', 400);
    }
  });

  test('delete: refused while the ward has rooms, NOT_FOUND from another organization', async () => {
    const { item } = ok(await create());
    const room = ok(await t().call('rooms', 'create', { organizationId: org, wardId: item.id, roomNumber: '101' })).item;
    failsWith(await call('delete', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
    assert.match(failsWith(await call('delete', { id: item.id, organizationId: org }), 'INVALID_STATE', 409).message, /101/);
    ok(await t().call('rooms', 'delete', { id: room.id, organizationId: org }));
    assert.deepEqual(ok(await call('delete', { id: item.id, organizationId: org })), { id: item.id, deleted: true });
    failsWith(await call('getById', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
    failsWith(await call('delete', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
  });

  test('a member of another organization is FORBIDDEN', async () => {
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
    failsWith(await call('listByOrganization', { organizationId: org }, outsider.token), 'FORBIDDEN', 403);
  });

  test('listByOrganization pages the organization\'s wards, filtered by isActive and searched by name or code', async () => {
    const own = orgId();
    ok(await create({ name: 'Maternity', code: 'MAT' }, own));
    ok(await create({ name: 'Surgical', code: 'SUR', isActive: false }, own));
    ok(await create({ name: 'Paediatric' }, own));
    ok(await create({ name: 'Maternity' }, orgId()));
    const all = ok(await call('listByOrganization', { organizationId: own, pageSize: 2 }));
    assert.equal(all.total, 3);
    assert.equal(all.items.length, 2);
    const inactive = ok(await call('listByOrganization', { organizationId: own, isActive: false }));
    assert.deepEqual(inactive.items.map((w: { name: string }) => w.name), ['Surgical']);
    assert.equal(ok(await call('listByOrganization', { organizationId: own, isActive: true })).total, 2);
    assert.deepEqual(ok(await call('listByOrganization', { organizationId: own, search: 'mat' })).items.map((w: { code: string }) => w.code), ['MAT']);
    failsWith(await call('listByOrganization', { organizationId: own, isActive: 'no' }), 'VALIDATION_FAILED', 400);
  });
});
