import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { kit, type Hospital } from '../admissions/admissions.testkit.ts';

const FIELDS = ['bedNumber', 'createdAt', 'currentAdmissionId', 'displayName', 'id', 'isActive', 'organizationId', 'roomId', 'status', 'updatedAt', 'wardId'];

describeEachDialect('beds', (t) => {
  const k = kit(t);
  let h: Hospital;
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('beds', op, data, token ? { token } : {});
  const update = (id: string, data: Record<string, unknown>) => call('update', { organizationId: h.organizationId, id, ...data });

  before(async () => {
    h = await k.hospital();
  });

  test('create: AVAILABLE and active by default, whole record; getById; bed number unique within its room', async () => {
    const { item } = ok(await call('create', { organizationId: h.organizationId, wardId: h.wardId, roomId: h.roomId, bedNumber: 'A-1', displayName: 'Bed A-1', id: 'mine' }));
    assert.deepEqual(Object.keys(item).sort(), FIELDS);
    assert.notEqual(item.id, 'mine');
    assert.equal(item.status, 'AVAILABLE');
    assert.equal(item.isActive, true);
    assert.equal(item.currentAdmissionId, null);
    assert.deepEqual(ok(await call('getById', { organizationId: h.organizationId, id: item.id })).item, item);
    failsWith(await call('create', { organizationId: h.organizationId, wardId: h.wardId, roomId: h.roomId, bedNumber: 'A-1', displayName: 'Again' }), 'CONFLICT', 409);
    assert.equal(ok(await call('create', { organizationId: h.organizationId, wardId: h.wardId, roomId: h.roomId, bedNumber: 'A-2', displayName: 'x', status: 'maintenance' })).item.status, 'MAINTENANCE');
  });

  test('create validates fields, the status set and the room and ward of the organization', async () => {
    const error = failsWith(await call('create', { organizationId: h.organizationId, status: 'BROKEN', isActive: 'yes' }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['bedNumber', 'displayName', 'isActive', 'roomId', 'status', 'wardId']);
    const other = await k.hospital();
    const base = { organizationId: h.organizationId, bedNumber: 'X', displayName: 'X' };
    assert.deepEqual(failsWith(await call('create', { ...base, wardId: h.wardId, roomId: other.roomId }), 'VALIDATION_FAILED', 400).details!.map((d) => d.path), ['roomId']);
    assert.deepEqual(failsWith(await call('create', { ...base, wardId: other.wardId, roomId: h.roomId }), 'VALIDATION_FAILED', 400).details!.map((d) => d.path), ['wardId']);
  });

  test('no bed is made OCCUPIED or given an admission by hand; a RESERVED bed may name an open admission of the organization', async () => {
    const base = { organizationId: h.organizationId, wardId: h.wardId, roomId: h.roomId, displayName: 'R' };
    failsWith(await call('create', { ...base, bedNumber: 'O1', status: 'OCCUPIED' }), 'INVALID_STATE', 409);
    const admission = ok(await k.admit(h)).item;
    failsWith(await call('create', { ...base, bedNumber: 'O2', currentAdmissionId: admission.id }), 'INVALID_STATE', 409);
    failsWith(await call('create', { ...base, bedNumber: 'O3', status: 'RESERVED', currentAdmissionId: 'nobody' }), 'VALIDATION_FAILED', 400);
    const other = await k.hospital();
    const foreign = ok(await k.admit(other)).item;
    failsWith(await call('create', { ...base, bedNumber: 'O4', status: 'RESERVED', currentAdmissionId: foreign.id }), 'VALIDATION_FAILED', 400);
    const reserved = ok(await call('create', { ...base, bedNumber: 'O5', status: 'RESERVED', currentAdmissionId: admission.id })).item;
    assert.equal(reserved.currentAdmissionId, admission.id);
    const back = ok(await update(reserved.id, { status: 'AVAILABLE' })).item;
    assert.equal(back.currentAdmissionId, null, 'leaving RESERVED clears the admission');
    failsWith(await update(reserved.id, { status: 'OCCUPIED' }), 'INVALID_STATE', 409);
    failsWith(await update(reserved.id, { currentAdmissionId: admission.id }), 'INVALID_STATE', 409);
    ok(await k.update(h, admission.id, { status: 'CANCELLED' }));
    failsWith(await update(reserved.id, { status: 'RESERVED', currentAdmissionId: admission.id }), 'INVALID_STATE', 409);
  });

  test('an occupied bed keeps its status, admission, room, ward and activity; name and number may change', async () => {
    const bedId = await k.bed(h);
    const admission = ok(await k.admit(h, { bedId })).item;
    const room2 = ok(await t().call('rooms', 'create', { organizationId: h.organizationId, wardId: h.wardId, roomNumber: '102' })).item.id;
    for (const change of [{ status: 'AVAILABLE' }, { status: null }, { currentAdmissionId: null }, { isActive: false }, { roomId: room2 }, { status: 'CLEANING' }]) {
      failsWith(await update(bedId, change), 'INVALID_STATE', 409);
    }
    const renamed = ok(await update(bedId, { displayName: 'Window bed', bedNumber: 'W-1' })).item;
    assert.equal(renamed.displayName, 'Window bed');
    assert.equal(renamed.status, 'OCCUPIED');
    assert.equal(renamed.currentAdmissionId, admission.id);
    failsWith(await call('delete', { organizationId: h.organizationId, id: bedId }), 'INVALID_STATE', 409);
    ok(await k.update(h, admission.id, { status: 'CANCELLED' }));
    const freed = await k.getBed(h.organizationId, bedId);
    assert.equal(freed.status, 'AVAILABLE');
    const moved = ok(await update(bedId, { roomId: room2, status: 'MAINTENANCE' })).item;
    assert.equal(moved.roomId, room2);
    failsWith(await call('delete', { organizationId: h.organizationId, id: bedId }), 'INVALID_STATE', 409);
  });

  test('update: omitted unchanged, null puts status and isActive back to their defaults; validation; another organization NOT_FOUND', async () => {
    const bedId = await k.bed(h, { status: 'CLEANING' });
    const updated = ok(await update(bedId, { status: null, isActive: false })).item;
    assert.equal(updated.status, 'AVAILABLE');
    assert.equal(updated.isActive, false);
    assert.equal(ok(await update(bedId, { isActive: null })).item.isActive, true);
    const again = ok(await update(bedId, { isActive: null, status: null })).item;
    assert.deepEqual([again.isActive, again.status], [true, 'AVAILABLE'], 'null on a value already at its default keeps the default, never stores null');
    assert.deepEqual(await k.getBed(h.organizationId, bedId), again);
    failsWith(await update(bedId, { displayName: null }), 'VALIDATION_FAILED', 400);
    failsWith(await update(bedId, { status: 'ON_FIRE' }), 'VALIDATION_FAILED', 400);
    failsWith(await call('update', { organizationId: orgId(), id: bedId, displayName: 'x' }), 'NOT_FOUND', 404);
    failsWith(await call('getById', { organizationId: orgId(), id: bedId }), 'NOT_FOUND', 404);
    failsWith(await call('delete', { organizationId: orgId(), id: bedId }), 'NOT_FOUND', 404);
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
    failsWith(await call('update', { organizationId: h.organizationId, id: bedId, displayName: 'x' }, outsider.token), 'FORBIDDEN', 403);
  });

  test('delete: a bed never used goes; one an admission ever named stays (deactivate it)', async () => {
    const unused = await k.bed(h);
    assert.deepEqual(ok(await call('delete', { organizationId: h.organizationId, id: unused })), { id: unused, deleted: true });
    failsWith(await call('getById', { organizationId: h.organizationId, id: unused }), 'NOT_FOUND', 404);
    const used = await k.bed(h);
    const admission = ok(await k.admit(h, { bedId: used })).item;
    ok(await k.update(h, admission.id, { status: 'CANCELLED' }));
    assert.match(failsWith(await call('delete', { organizationId: h.organizationId, id: used }), 'INVALID_STATE', 409).message, /deactivate/);
    failsWith(await call('delete', { organizationId: h.organizationId }), 'VALIDATION_FAILED', 400);
  });

  test('a room with beds cannot be deleted (INVALID_STATE); without them it can', async () => {
    const room = ok(await t().call('rooms', 'create', { organizationId: h.organizationId, wardId: h.wardId, roomNumber: '900' })).item.id;
    const bedId = await k.bed({ ...h, roomId: room });
    assert.match(failsWith(await t().call('rooms', 'delete', { organizationId: h.organizationId, id: room }), 'INVALID_STATE', 409).message, /beds/);
    ok(await call('delete', { organizationId: h.organizationId, id: bedId }));
    ok(await t().call('rooms', 'delete', { organizationId: h.organizationId, id: room }));
  });

  test('listByOrganization pages the beds, filtered by ward, room, status, isActive', async () => {
    const own = await k.hospital();
    await k.bed(own);
    await k.bed(own, { status: 'MAINTENANCE' });
    await k.bed(own, { isActive: false });
    await k.bed(h);
    const list = async (filters: Record<string, unknown>) => ok(await call('listByOrganization', { organizationId: own.organizationId, ...filters }));
    assert.equal((await list({})).total, 3);
    assert.equal((await list({ status: 'maintenance' })).total, 1);
    assert.equal((await list({ isActive: false })).total, 1);
    assert.equal((await list({ roomId: own.roomId, pageSize: 2 })).totalPages, 2);
    failsWith(await call('listByOrganization', { organizationId: own.organizationId, pageSize: 0 }), 'VALIDATION_FAILED', 400);
  });
});
