import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { fromDatabaseError } from '../../rpc/db-errors.ts';
import { newId } from '../../values/ids.ts';
import { orgId } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

const FIELDS = ['bedTypeServiceId', 'createdAt', 'id', 'isActive', 'name', 'organizationId', 'roomNumber', 'updatedAt', 'wardId'];

describeEachDialect('rooms', (t) => {
  const org = orgId();
  const other = orgId();
  let ward: string;
  let secondWard: string;
  let otherWard: string;
  let bedService: string;
  let labService: string;
  let otherBedService: string;
  const call = (op: string, data: Record<string, unknown>) => t().call('rooms', op, data);
  const create = (data: Record<string, unknown> = {}) => call('create', { organizationId: org, wardId: ward, roomNumber: newId().slice(-6), ...data });
  const makeWard = async (organizationId: string) => ok(await t().call('wards', 'create', { organizationId, name: 'Ward' })).item.id as string;
  const makeService = async (organizationId: string, category: string) =>
    ok(await t().call('services', 'create', { organizationId, name: `${category} service`, category, price: 1500 })).item.id as string;

  before(async () => {
    ward = await makeWard(org);
    secondWard = await makeWard(org);
    otherWard = await makeWard(other);
    bedService = await makeService(org, 'bed');
    labService = await makeService(org, 'lab');
    otherBedService = await makeService(other, 'bed');
  });

  test('create returns the whole record in its ward with its bed-type service; getById returns it', async () => {
    const { item } = ok(await create({ roomNumber: '101', name: 'Deluxe', bedTypeServiceId: bedService, id: 'mine' }));
    assert.deepEqual(Object.keys(item).sort(), FIELDS);
    assert.notEqual(item.id, 'mine');
    assert.equal(item.wardId, ward);
    assert.equal(item.bedTypeServiceId, bedService);
    assert.equal(item.isActive, true);
    assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: org })).item, item);
  });

  test('create validates its fields', async () => {
    const error = failsWith(await call('create', { organizationId: org, roomNumber: '', isActive: 1 }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['isActive', 'roomNumber', 'wardId']);
  });

  test('a ward or bed-type service of another organization, a missing one, or a service that is not a bed is refused', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ wardId: otherWard }, 'wardId'],
      [{ wardId: 'missing' }, 'wardId'],
      [{ bedTypeServiceId: otherBedService }, 'bedTypeServiceId'],
      [{ bedTypeServiceId: 'missing' }, 'bedTypeServiceId'],
      [{ bedTypeServiceId: labService }, 'bedTypeServiceId'],
    ];
    for (const [data, path] of cases) {
      const error = failsWith(await create(data), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path), [path], JSON.stringify(data));
    }
    const { item } = ok(await create());
    failsWith(await call('update', { id: item.id, organizationId: org, wardId: otherWard }), 'VALIDATION_FAILED', 400);
    failsWith(await call('update', { id: item.id, organizationId: org, bedTypeServiceId: labService }), 'VALIDATION_FAILED', 400);
  });

  test('a room number is unique within its ward', async () => {
    ok(await create({ roomNumber: '201' }));
    failsWith(await create({ roomNumber: '201' }), 'CONFLICT', 409);
    ok(await create({ roomNumber: '201', wardId: secondWard }));
  });

  test('update moves a room to another ward of the organization, clears and sets fields; another organization is NOT_FOUND', async () => {
    const { item } = ok(await create({ name: 'Corner', bedTypeServiceId: bedService }));
    const moved = ok(await call('update', { id: item.id, organizationId: org, wardId: secondWard, name: null, bedTypeServiceId: null })).item;
    assert.equal(moved.wardId, secondWard);
    assert.equal(moved.name, null);
    assert.equal(moved.bedTypeServiceId, null);
    assert.equal(moved.roomNumber, item.roomNumber);
    failsWith(await call('update', { id: item.id, organizationId: org, wardId: null }), 'VALIDATION_FAILED', 400);
    failsWith(await call('update', { id: item.id, organizationId: other, name: 'X' }), 'NOT_FOUND', 404);
    failsWith(await call('getById', { id: item.id, organizationId: other }), 'NOT_FOUND', 404);
    failsWith(await call('delete', { id: item.id, organizationId: other }), 'NOT_FOUND', 404);
    assert.deepEqual(ok(await call('delete', { id: item.id, organizationId: org })), { id: item.id, deleted: true });
    failsWith(await call('getById', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
  });

  test('update: isActive null on an active room keeps it active; keys are validated', async () => {
    const { item } = ok(await create());
    const updated = ok(await call('update', { id: item.id, organizationId: org, isActive: null })).item;
    assert.equal(updated.isActive, true);
    assert.deepEqual({ ...updated, updatedAt: item.updatedAt }, item);
    for (const op of ['getById', 'update', 'delete']) {
      const error = failsWith(await call(op, {}), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['id', 'organizationId'], op);
    }
    failsWith(await call('update', { id: item.id, organizationId: org, roomNumber: null, name: '' }), 'VALIDATION_FAILED', 400);
    failsWith(await call('listByOrganization', { organizationId: org, wardId: '' }), 'VALIDATION_FAILED', 400);
    failsWith(await call('listByOrganization', { wardId: ward }), 'VALIDATION_FAILED', 400);
  });

  test('a room with beds cannot move to another ward (its beds would name the old one): INVALID_STATE, nothing changes', async () => {
    const { item } = ok(await create());
    const bed = ok(await t().call('beds', 'create', { organizationId: org, wardId: ward, roomId: item.id, bedNumber: 'B1', displayName: 'Bed 1' })).item;
    const error = failsWith(await call('update', { id: item.id, organizationId: org, wardId: secondWard, name: 'Moved' }), 'INVALID_STATE', 409);
    assert.match(error.message, /B1/);
    assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: org })).item, item);
    // Other changes are fine while it has beds; so is naming its own ward again.
    assert.equal(ok(await call('update', { id: item.id, organizationId: org, wardId: ward, name: 'Same ward' })).item.name, 'Same ward');
    ok(await t().call('beds', 'delete', { id: bed.id, organizationId: org }));
    assert.equal(ok(await call('update', { id: item.id, organizationId: org, wardId: secondWard })).item.wardId, secondWard);
  });

  test('listByOrganization filters by ward, bed-type service and isActive', async () => {
    const own = orgId();
    const a = await makeWard(own);
    const b = await makeWard(own);
    const bed = await makeService(own, 'bed');
    for (const [wardId, roomNumber, isActive] of [[a, 'A1', true], [a, 'A2', false], [b, 'B1', true]] as const) {
      ok(await call('create', { organizationId: own, wardId, roomNumber, isActive, bedTypeServiceId: wardId === b ? bed : null }));
    }
    assert.equal(ok(await call('listByOrganization', { organizationId: own })).total, 3);
    const inA = ok(await call('listByOrganization', { organizationId: own, wardId: a }));
    assert.deepEqual(inA.items.map((r: { roomNumber: string }) => r.roomNumber).sort(), ['A1', 'A2']);
    assert.deepEqual(ok(await call('listByOrganization', { organizationId: own, wardId: a, isActive: true })).items.map((r: { roomNumber: string }) => r.roomNumber), ['A1']);
    assert.deepEqual(ok(await call('listByOrganization', { organizationId: own, bedTypeServiceId: bed })).items.map((r: { roomNumber: string }) => r.roomNumber), ['B1']);
    // another organization's ward names no ward of this one (docs/contract.md, "Referenced records")
    assert.equal(failsWith(await call('listByOrganization', { organizationId: other, wardId: a }), 'NOT_FOUND', 404).message, 'ward not found');
  });

  test('the database itself refuses a room whose ward is gone (a concurrent delete): INVALID_STATE, not a 500', async () => {
    const now = Date.now();
    const error = await t()
      .database.db.insertInto('rooms')
      .values({ id: newId(), organizationId: org, wardId: 'gone', roomNumber: '1', name: null, bedTypeServiceId: null, isActive: true, createdAt: now, updatedAt: now })
      .execute()
      .then(() => undefined, (e: unknown) => e);
    assert.equal(fromDatabaseError(error)?.code, 'INVALID_STATE');
  });
});
