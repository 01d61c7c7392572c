import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { kit } from '../admissions/admissions.testkit.ts';

describeEachDialect('beds lists', (t) => {
  const k = kit(t);
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('beds', op, data, token ? { token } : {});
  const ids = (items: { id: string }[]) => items.map((i) => i.id);

  test('listAllWards, listAllRoomsByWard, listAllBedsByRoom: every one of the place, in name / number order', async () => {
    const h = await k.hospital();
    const organizationId = h.organizationId;
    const icu = ok(await t().call('wards', 'create', { organizationId, name: 'ICU', isActive: false })).item.id;
    const wards = ok(await call('listAllWards', { organizationId })).items;
    assert.deepEqual(wards.map((w: { name: string }) => w.name), ['General ward', 'ICU']);
    assert.equal(wards[1].id, icu);
    const r2 = ok(await t().call('rooms', 'create', { organizationId, wardId: h.wardId, roomNumber: '099' })).item.id;
    assert.deepEqual(ids(ok(await call('listAllRoomsByWard', { organizationId, wardId: h.wardId })).items), [r2, h.roomId]);
    assert.deepEqual(ok(await call('listAllRoomsByWard', { organizationId, wardId: icu })).items, []);
    const b2 = await k.bed(h, { bedNumber: 'B' });
    const b1 = await k.bed(h, { bedNumber: 'A' });
    const beds = ok(await call('listAllBedsByRoom', { organizationId, roomId: h.roomId })).items;
    assert.deepEqual(ids(beds), [b1, b2]);
    assert.equal(beds[0].status, 'AVAILABLE');
    const other = await k.hospital();
    failsWith(await call('listAllRoomsByWard', { organizationId, wardId: other.wardId }), 'NOT_FOUND', 404);
    failsWith(await call('listAllBedsByRoom', { organizationId, roomId: other.roomId }), 'NOT_FOUND', 404);
    assert.deepEqual(ok(await call('listAllWards', { organizationId: orgId() })).items, []);
    failsWith(await call('listAllWards', {}), 'VALIDATION_FAILED', 400);
    failsWith(await call('listAllRoomsByWard', { organizationId }), 'VALIDATION_FAILED', 400);
    failsWith(await call('listAllBedsByRoom', { organizationId }), 'VALIDATION_FAILED', 400);
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['receptionist'] });
    failsWith(await call('listAllWards', { organizationId }, outsider.token), 'FORBIDDEN', 403);
  });

  test('listActiveWardsForReceptionist: active wards with counts that follow admissions; inactive beds and rooms do not count', async () => {
    const h = await k.hospital({ housekeepingEnabled: true });
    const organizationId = h.organizationId;
    ok(await t().call('wards', 'create', { organizationId, name: 'Closed', isActive: false }));
    const beds = await Promise.all([k.bed(h), k.bed(h), k.bed(h), k.bed(h, { status: 'MAINTENANCE' }), k.bed(h, { isActive: false })]);
    const closedRoom = ok(await t().call('rooms', 'create', { organizationId, wardId: h.wardId, roomNumber: '500', isActive: false })).item.id;
    await k.bed({ ...h, roomId: closedRoom });
    const admission = ok(await k.admit(h, { bedId: beds[0], status: 'ADMITTED' })).item;
    ok(await k.admit(h, { bedId: beds[1] }));
    const figures = async () => {
      const items = ok(await call('listActiveWardsForReceptionist', { organizationId })).items;
      assert.deepEqual(items.map((w: { name: string }) => w.name), ['General ward']);
      const { totalBeds, freeBeds, occupiedBeds, reservedBeds, cleaningBeds, maintenanceBeds } = items[0];
      return { totalBeds, freeBeds, occupiedBeds, reservedBeds, cleaningBeds, maintenanceBeds };
    };
    assert.deepEqual(await figures(), { totalBeds: 4, freeBeds: 1, occupiedBeds: 2, reservedBeds: 0, cleaningBeds: 0, maintenanceBeds: 1 });
    ok(await k.update(h, admission.id, { status: 'DISCHARGED', billingClearedAt: 1 }));
    assert.deepEqual(await figures(), { totalBeds: 4, freeBeds: 1, occupiedBeds: 1, reservedBeds: 0, cleaningBeds: 1, maintenanceBeds: 1 });
    failsWith(await call('listActiveWardsForReceptionist', {}), 'VALIDATION_FAILED', 400);
    assert.deepEqual(ok(await call('listActiveWardsForReceptionist', { organizationId: orgId() })).items, []);
  });

  test('listBedTypeServices: the active services of category bed only, by name, of this organization', async () => {
    const h = await k.hospital();
    const organizationId = h.organizationId;
    const deluxe = await k.service(organizationId, { name: 'Deluxe room', category: 'bed', price: 4000 });
    const general = await k.service(organizationId, { name: 'General bed', category: 'bed', price: 1200 });
    await k.service(organizationId, { name: 'Old bed', category: 'bed', price: 900, isActive: false });
    await k.service(organizationId, { name: 'Blood count', category: 'lab', price: 300 });
    await k.service((await k.hospital()).organizationId, { name: 'Elsewhere', category: 'bed', price: 1 });
    const items = ok(await call('listBedTypeServices', { organizationId })).items;
    assert.deepEqual(ids(items), [deluxe, general]);
    assert.equal(items[0].price, 4000);
    failsWith(await call('listBedTypeServices', {}), 'VALIDATION_FAILED', 400);
  });

  test('beds.update racing an admission for the same bed: never both; the bed agrees with the winner', async () => {
    const h = await k.hospital();
    for (let round = 0; round < 4; round++) {
      const bedId = await k.bed(h);
      const [bedUpdate, admission] = await Promise.all([
        call('update', { organizationId: h.organizationId, id: bedId, status: 'MAINTENANCE' }),
        k.admit(h, { bedId }),
      ]);
      const bed = await k.getBed(h.organizationId, bedId);
      if (admission.statusCode === 200) {
        failsWith(bedUpdate, 'INVALID_STATE', 409);
        assert.equal(bed.status, 'OCCUPIED');
        assert.equal(bed.currentAdmissionId, ok(admission).item.id);
      } else {
        failsWith(admission, 'CONFLICT', 409);
        ok(bedUpdate);
        assert.equal(bed.status, 'MAINTENANCE');
      }
    }
  });
});
