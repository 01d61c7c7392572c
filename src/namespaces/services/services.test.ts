import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { amountsOf, findService } from './services.repo.ts';

const FIELDS = ['category', 'code', 'createdAt', 'doctorId', 'id', 'isActive', 'name', 'organizationId', 'price', 'sacCode', 'taxPercent', 'updatedAt'];

describeEachDialect('services', (t) => {
  const org = orgId();
  let doctor: string;
  const call = (op: string, data: Record<string, unknown>) => t().call('services', op, data);
  const create = (data: Record<string, unknown> = {}, organizationId = org) =>
    call('create', { organizationId, name: 'General consultation', category: 'consultation', price: 500, ...data });
  const stored = (id: string) => t().database.db.selectFrom('services').select(['price', 'taxPercent']).where('id', '=', id).executeTakeFirstOrThrow();

  before(async () => {
    doctor = (await signIn(t(), { organizationId: org, roles: ['doctor'] })).userId;
  });

  test('price 19.99 and tax 18 % round-trip exactly, stored as 1999 minor units and 1800 basis points', async () => {
    const { item } = ok(await create({ price: 19.99, taxPercent: 18, code: 'CONS-1', doctorId: doctor, id: 'mine' }));
    assert.deepEqual(Object.keys(item).sort(), FIELDS);
    assert.notEqual(item.id, 'mine');
    assert.equal(item.price, 19.99);
    assert.equal(item.taxPercent, 18);
    assert.equal(item.doctorId, doctor);
    assert.equal(item.isActive, true);
    const row = await stored(item.id);
    assert.equal(Number(row.price), 1999);
    assert.equal(Number(row.taxPercent), 1800);
    assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: org })).item, item);
    const service = await findService(t().database.db, org, item.id);
    assert.deepEqual(amountsOf(service!), { priceMinor: 1999, taxBasisPoints: 1800 });
  });

  test('amounts beyond 32 bits, 0.1 and 12.5 % are exact too; tax omitted or null is 0', async () => {
    const big = ok(await create({ price: 1234567890.12, taxPercent: 12.5 })).item;
    assert.equal(big.price, 1234567890.12);
    assert.equal(big.taxPercent, 12.5);
    assert.equal(Number((await stored(big.id)).price), 123456789012);
    const small = ok(await create({ price: 0.1 })).item;
    assert.equal(small.price, 0.1);
    assert.equal(small.taxPercent, 0);
    assert.equal(ok(await create({ price: 0, taxPercent: null })).item.taxPercent, 0);
  });

  test('create validates price (>= 0, two decimals), tax (0..100, two decimals), category and required fields', async () => {
    const error = failsWith(
      await call('create', { organizationId: org, name: '', category: 'spa', price: 19.999, taxPercent: 100.01 }),
      'VALIDATION_FAILED',
      400,
    );
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['category', 'name', 'price', 'taxPercent']);
    for (const bad of [{ price: -1 }, { price: '10' }, { price: null }, { taxPercent: 12.345 }, { taxPercent: -1 }, { price: 1e300 }]) {
      failsWith(await create(bad), 'VALIDATION_FAILED', 400);
    }
  });

  test('doctorId must be a doctor\'s user record of the same organization; checked when it changes', async () => {
    const nurse = (await signIn(t(), { organizationId: org, roles: ['nurse'] })).userId;
    const elsewhere = (await signIn(t(), { organizationId: orgId(), roles: ['doctor'] })).userId;
    for (const doctorId of [nurse, elsewhere, 'missing']) {
      const error = failsWith(await create({ doctorId }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path), ['doctorId']);
    }
    const { item } = ok(await create({ doctorId: doctor }));
    failsWith(await call('update', { id: item.id, organizationId: org, doctorId: nurse }), 'VALIDATION_FAILED', 400);
    // The doctor's record changes later: the service still updates, the reference is not re-checked.
    const secondDoctor = await signIn(t(), { organizationId: org, roles: ['doctor'] });
    const own = ok(await create({ doctorId: secondDoctor.userId })).item;
    await t().database.db.updateTable('users').set({ role: 'staff', roles: '["staff"]' }).where('id', '=', secondDoctor.userId).execute();
    assert.equal(ok(await call('update', { id: own.id, organizationId: org, price: 650.5 })).item.price, 650.5);
  });

  test('update: omitted unchanged, null clears, price not clearable; another organization is NOT_FOUND', async () => {
    const { item } = ok(await create({ price: 250, taxPercent: 5, code: 'X-1' }));
    const updated = ok(await call('update', { id: item.id, organizationId: org, price: 275.25, code: null, taxPercent: null })).item;
    assert.equal(updated.price, 275.25);
    assert.equal(updated.code, null);
    assert.equal(updated.taxPercent, 0);
    assert.equal(updated.name, item.name);
    assert.equal(Number((await stored(item.id)).price), 27525);
    failsWith(await call('update', { id: item.id, organizationId: org, price: null }), 'VALIDATION_FAILED', 400);
    failsWith(await call('update', { id: item.id, organizationId: orgId(), price: 1 }), 'NOT_FOUND', 404);
    failsWith(await call('getById', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
    failsWith(await call('delete', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
    assert.deepEqual(ok(await call('delete', { id: item.id, organizationId: org })), { id: item.id, deleted: true });
    failsWith(await call('getById', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
  });

  test('update: taxPercent null on a service taxed 0 and isActive null on an active one keep their defaults', async () => {
    const { item } = ok(await create({ price: 10 }));
    assert.equal(item.taxPercent, 0);
    const updated = ok(await call('update', { id: item.id, organizationId: org, taxPercent: null, isActive: null })).item;
    assert.equal(updated.taxPercent, 0);
    assert.equal(updated.isActive, true);
    assert.deepEqual({ ...updated, updatedAt: item.updatedAt }, item);
    const row = await stored(item.id);
    assert.equal(Number(row.taxPercent), 0);
  });

  test('getById, update and delete validate their keys', async () => {
    for (const op of ['getById', 'update', 'delete']) {
      const error = failsWith(await call(op, {}), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['id', 'organizationId'], op);
    }
    failsWith(await call('listByOrganization', {}), 'VALIDATION_FAILED', 400);
  });

  test('a code is unique within the organization only', async () => {
    ok(await create({ code: 'LAB-CBC' }));
    failsWith(await create({ code: 'LAB-CBC' }), 'CONFLICT', 409);
    ok(await create({ code: 'LAB-CBC' }, orgId()));
  });

  test('a bed service used by a room can be neither deleted nor moved out of category bed', async () => {
    const bed = ok(await create({ name: 'General bed', category: 'bed', price: 1200 })).item;
    const ward = ok(await t().call('wards', 'create', { organizationId: org, name: 'W' })).item;
    const room = ok(await t().call('rooms', 'create', { organizationId: org, wardId: ward.id, roomNumber: '7', bedTypeServiceId: bed.id })).item;
    failsWith(await call('delete', { id: bed.id, organizationId: org }), 'INVALID_STATE', 409);
    failsWith(await call('update', { id: bed.id, organizationId: org, category: 'procedure' }), 'INVALID_STATE', 409);
    assert.equal(ok(await call('update', { id: bed.id, organizationId: org, price: 1300 })).item.price, 1300);
    ok(await t().call('rooms', 'update', { id: room.id, organizationId: org, bedTypeServiceId: null }));
    assert.equal(ok(await call('update', { id: bed.id, organizationId: org, category: 'procedure' })).item.category, 'procedure');
    ok(await call('delete', { id: bed.id, organizationId: org }));
  });

  test('listByOrganization filters by category, doctor, isActive and searches name or code', async () => {
    const own = orgId();
    const ownDoctor = (await signIn(t(), { organizationId: own, roles: ['doctor'] })).userId;
    ok(await create({ name: 'Dr consultation', doctorId: ownDoctor }, own));
    ok(await create({ name: 'Blood count', category: 'lab', code: 'CBC' }, own));
    ok(await create({ name: 'Lipid profile', category: 'lab', isActive: false }, own));
    ok(await create({ name: 'Blood count', category: 'lab' }, orgId()));
    const names = async (filters: Record<string, unknown>) =>
      ok(await call('listByOrganization', { organizationId: own, ...filters })).items.map((s: { name: string }) => s.name).sort();
    assert.deepEqual(await names({}), ['Blood count', 'Dr consultation', 'Lipid profile']);
    assert.deepEqual(await names({ category: 'lab' }), ['Blood count', 'Lipid profile']);
    assert.deepEqual(await names({ category: 'lab', isActive: true }), ['Blood count']);
    assert.deepEqual(await names({ doctorId: ownDoctor }), ['Dr consultation']);
    assert.deepEqual(await names({ search: 'cbc' }), ['Blood count']);
    assert.equal(ok(await call('listByOrganization', { organizationId: own, pageSize: 2 })).totalPages, 2);
    failsWith(await call('listByOrganization', { organizationId: own, category: 'spa' }), 'VALIDATION_FAILED', 400);
  });
});
