import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import { marketplaceCalls, north, somewhere, type Place } from './prescriptionMarketplace.testkit.ts';

const REQUEST_KEYS = ['createdAt', 'id', 'organizationBranchId', 'organizationId', 'patientId', 'status', 'updatedAt', 'uploadedFileUrl'];
const east = (p: Place, km: number): Place => ({ latitude: p.latitude, longitude: p.longitude + km / (111.195 * Math.cos((p.latitude * Math.PI) / 180)) });

describeEachDialect('prescriptionMarketplace: uploading and the patient side', (t) => {
  const { call, pharmacy, product, person, upload, requestTo } = marketplaceCalls(t);

  test('uploadPrescription to a named pharmacy stores the request, its items and one broadcast (single-request shape)', async () => {
    const ph = await pharmacy(null);
    const patient = await person();
    const data = ok(
      await upload(patient, {
        organizationId: ph,
        organizationBranchId: 'branch-1',
        addressId: 'addr-9',
        items: [
          { medicineName: 'Paracetamol', medicineType: 'Tablet', strength: '650', strengthUnit: 'mg', quantity: 10, notes: 'after food', productIds: ['p1', 'p1', 'p2'], id: 'client-chosen', products: [{ id: 'x', sellingPrice: 0.01 }] },
          { medicineName: 'Cetirizine' },
        ],
      }),
    );
    assert.deepEqual(Object.keys(data).sort(), ['item', 'success']);
    assert.equal(data.success, true);
    assert.deepEqual(Object.keys(data.item).sort(), REQUEST_KEYS);
    assert.deepEqual([data.item.patientId, data.item.organizationId, data.item.organizationBranchId, data.item.status], [patient, ph, 'branch-1', 'BROADCASTED']);
    const db = t().database.db;
    const items = await db.selectFrom('prescriptionRequestItems').selectAll().where('prescriptionRequestId', '=', data.item.id).orderBy('position').execute();
    assert.deepEqual(
      items.map((i) => [i.medicineName, i.quantity, i.strength, i.notes, JSON.parse(i.productIds)]),
      [['Paracetamol', 10, '650', 'after food', ['p1', 'p2']], ['Cetirizine', 1, null, null, []]],
    );
    assert.notEqual(items[0]!.id, 'client-chosen', 'the server chooses ids');
    const broadcasts = await db.selectFrom('prescriptionBroadcasts').selectAll().where('prescriptionRequestId', '=', data.item.id).execute();
    assert.deepEqual(broadcasts.map((b) => [b.organizationId, b.organizationBranchId, b.status]), [[ph, 'branch-1', 'SENT']]);
  });

  test('uploadPrescription by location broadcasts to every active pharmacy within the radius (great-circle), nearest first', async () => {
    const home = somewhere();
    const near = await pharmacy(north(home, 3));
    const edge = await pharmacy(north(home, 9.9));
    const beyond = await pharmacy(north(home, 10.2));
    const corner = await pharmacy(east(north(home, 8), 8)); // inside the bounding box, 11.3 km away
    await pharmacy(north(home, 1), { isActive: false });
    await pharmacy(north(home, 1), { type: 'hospital' });
    await pharmacy(null);
    const patient = await person();
    const sentTo = async (data: Record<string, unknown>) => {
      const id = ok(await upload(patient, { ...home, ...data })).item.id as string;
      const rows = await t().database.db.selectFrom('prescriptionBroadcasts').select(['organizationId', 'distanceKm', 'status']).where('prescriptionRequestId', '=', id).orderBy('distanceKm').execute();
      assert.ok(rows.every((r) => r.status === 'SENT'));
      return rows.map((r) => r.organizationId);
    };
    assert.deepEqual(await sentTo({}), [near, edge], 'default radius MARKETPLACE_DEFAULT_RADIUS_KM = 10');
    assert.deepEqual(await sentTo({ radiusKm: 10.5 }), [near, edge, beyond]);
    assert.deepEqual(await sentTo({ radiusKm: 12 }), [near, edge, beyond, corner]);
    assert.deepEqual(await sentTo({ radiusKm: 5 }), [near]);
  });

  test('a broadcast by location reaches across the antimeridian', async () => {
    const home = { latitude: -17.5 + Math.random(), longitude: 179.99 };
    const across = await pharmacy({ latitude: home.latitude, longitude: -179.99 });
    const id = ok(await upload(await person(), { ...home, radiusKm: 5 })).item.id as string;
    const rows = await t().database.db.selectFrom('prescriptionBroadcasts').select('organizationId').where('prescriptionRequestId', '=', id).execute();
    assert.deepEqual(rows.map((r) => r.organizationId), [across]);
  });

  test('no active pharmacy in range is INVALID_STATE and stores nothing', async () => {
    const patient = await person();
    const error = failsWith(await upload(patient, { ...somewhere(), radiusKm: 0.5 }), 'INVALID_STATE', 409);
    assert.match(error.message, /no active pharmacy within 0.5 km/);
    const stored = await t().database.db.selectFrom('prescriptionRequests').select('id').where('patientId', '=', patient).execute();
    assert.equal(stored.length, 0);
  });

  test('uploadPrescription validates its input; a named organization that is not an active pharmacy is NOT_FOUND', async () => {
    const patient = await person();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ uploadedFileUrl: 'f', latitude: 1, longitude: 2 }, ['patientId']],
      [{ patientId: 'p', uploadedFileUrl: 'f' }, ['latitude', 'longitude']],
      [{ patientId: patient, uploadedFileUrl: '  ', organizationId: 'x' }, ['uploadedFileUrl']],
      [{ patientId: patient, uploadedFileUrl: 'f', latitude: 12 }, ['longitude']],
      [{ patientId: patient, uploadedFileUrl: 'f', latitude: 91, longitude: -181, radiusKm: 0 }, ['latitude', 'longitude', 'radiusKm']],
      [{ patientId: patient, uploadedFileUrl: 'f', organizationId: 'x', items: [{ quantity: 0 }, { medicineName: 'A', quantity: 1.5, productIds: [''] }] }, ['items.0.medicineName', 'items.0.quantity', 'items.1.productIds.0', 'items.1.quantity']],
      [{ patientId: patient, uploadedFileUrl: 'f', organizationId: 'x', items: Array.from({ length: 101 }, () => ({ medicineName: 'A' })) }, ['items']],
    ];
    for (const [data, paths] of cases) {
      const error = failsWith(await call('uploadPrescription', data), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), paths, JSON.stringify(data).slice(0, 80));
    }
    failsWith(await upload(patient, { organizationId: 'missing' }), 'NOT_FOUND', 404);
    failsWith(await upload(patient, { organizationId: await pharmacy(null, { type: 'clinic' }) }), 'NOT_FOUND', 404);
    failsWith(await upload(patient, { organizationId: await pharmacy(null, { isActive: false }) }), 'NOT_FOUND', 404);
  });

  test('with a token a patient uploads only as themselves; a staff member of another organization may still send to a pharmacy', async () => {
    const ph = await pharmacy(null);
    const patient = await person();
    const token = await tokenFor(t(), patient);
    failsWith(await upload(await person(), { organizationId: ph }, token), 'FORBIDDEN', 403);
    ok(await upload(patient, { organizationId: ph }, token));
    const nurse = await signIn(t(), { organizationId: orgId(), roles: ['nurse'] });
    ok(await upload(nurse.idpUserId, { organizationId: ph }, nurse.token));
  });

  test('getMyPrescriptions: the patient\'s own requests newest first in the list-summary shape, filtered by status, paged', async () => {
    const ph = await pharmacy(null);
    const patient = await person('Meera Iyer');
    const first = (await requestTo(ph, patient)).requestId;
    const second = (await requestTo(ph, patient)).requestId;
    const third = (await requestTo(ph, patient)).requestId;
    await requestTo(ph, await person());
    ok(await call('cancelPrescription', { prescriptionRequestId: second, patientId: patient }));
    const all = ok(await call('getMyPrescriptions', { patientId: patient }));
    assert.deepEqual(Object.keys(all).sort(), ['items', 'page', 'pageSize', 'success', 'total', 'totalPages']);
    assert.deepEqual([all.success, all.total, all.page, all.pageSize, all.totalPages], [true, 3, 1, 20, 1]);
    assert.deepEqual(Object.keys(all.items[0]).sort(), ['amount', 'available', 'name', 'prescriptionId', 'receivedDate', 'status']);
    assert.deepEqual(all.items.map((i: { prescriptionId: string }) => i.prescriptionId), [third, second, first]);
    assert.deepEqual(all.items.map((i: { name: string; available: number; amount: number; status: string }) => [i.name, i.available, i.amount, i.status]), [
      ['Meera Iyer', 0, 0, 'BROADCASTED'],
      ['Meera Iyer', 0, 0, 'CANCELLED'],
      ['Meera Iyer', 0, 0, 'BROADCASTED'],
    ]);
    assert.equal(typeof all.items[0].receivedDate, 'number');
    const open = ok(await call('getMyPrescriptions', { patientId: patient, status: 'broadcasted', page: 2, pageSize: 1 }));
    assert.deepEqual([open.total, open.totalPages, open.items.map((i: { prescriptionId: string }) => i.prescriptionId)], [2, 2, [first]]);

    // The name comes from a patients record linked to the person when the identity has none.
    const anonymousPerson = newId();
    const org = orgId();
    ok(await t().call('patients', 'create', { organizationId: org, name: 'Ravi Kumar', idpUserId: anonymousPerson }));
    await requestTo(ph, anonymousPerson);
    assert.equal(ok(await call('getMyPrescriptions', { patientId: anonymousPerson })).items[0].name, 'Ravi Kumar');
  });

  test('getMyPrescriptions: validation, and a token reads only its own person', async () => {
    failsWith(await call('getMyPrescriptions', {}), 'VALIDATION_FAILED', 400);
    failsWith(await call('getMyPrescriptions', { patientId: 'p', status: 'LOST' }), 'VALIDATION_FAILED', 400);
    failsWith(await call('getMyPrescriptions', { patientId: 'p', pageSize: 101 }), 'VALIDATION_FAILED', 400);
    const ph = await pharmacy(null);
    const patient = await person();
    await requestTo(ph, patient);
    const token = await tokenFor(t(), patient);
    failsWith(await call('getMyPrescriptions', { patientId: await person() }, token), 'FORBIDDEN', 403);
    assert.equal(ok(await call('getMyPrescriptions', {}, token)).total, 1, 'without patientId: the caller');
    assert.equal(ok(await call('getMyPrescriptions', { patientId: await person() })).total, 0);
  });

  test('getPrescriptionDetails: the detail shape with every broadcast and the named pharmacy\'s options; another patient\'s request is NOT_FOUND', async () => {
    const ph = await pharmacy(null);
    const dolo = await product(ph);
    const elsewhere = await product(await pharmacy(null));
    const patient = await person();
    const { requestId, broadcastId } = await requestTo(ph, patient, [{ medicineName: 'paracetamol', medicineType: 'tablet', strength: '650', strengthUnit: 'MG', quantity: 10, productIds: [elsewhere] }]);
    const data = ok(await call('getPrescriptionDetails', { prescriptionRequestId: requestId, patientId: patient }));
    assert.equal(data.success, true);
    assert.deepEqual(Object.keys(data.item).sort(), [...REQUEST_KEYS, 'broadcasts', 'items'].sort());
    assert.deepEqual(data.item.broadcasts.map((b: Record<string, unknown>) => Object.keys(b).sort()), [['createdAt', 'id', 'organizationBranchId', 'organizationId', 'prescriptionRequestId', 'status']]);
    assert.deepEqual(data.item.broadcasts.map((b: { id: string; status: string }) => [b.id, b.status]), [[broadcastId, 'SENT']]);
    const [line] = data.item.items;
    assert.deepEqual([line.medicineName, line.quantity, line.productIds], ['paracetamol', 10, [elsewhere]]);
    assert.deepEqual(line.products, [
      { id: dolo, name: 'Dolo 650', code: null, brandName: null, medicineType: 'Tablet', strength: '650', strengthUnit: 'mg', mrp: 30.5, sellingPrice: 28.75, currency: 'INR', availableStock: 40 },
    ]);
    failsWith(await call('getPrescriptionDetails', { prescriptionRequestId: requestId, patientId: await person() }), 'NOT_FOUND', 404);
    failsWith(await call('getPrescriptionDetails', { prescriptionRequestId: requestId, patientId: await person() }, await tokenFor(t(), patient)), 'NOT_FOUND', 404);
    failsWith(await call('getPrescriptionDetails', { prescriptionRequestId: requestId, patientId: patient }, await tokenFor(t(), await person())), 'NOT_FOUND', 404);
    failsWith(await call('getPrescriptionDetails', { patientId: patient }), 'VALIDATION_FAILED', 400);
    failsWith(await call('getPrescriptionDetails', { prescriptionRequestId: requestId }), 'VALIDATION_FAILED', 400);
    ok(await call('getPrescriptionDetails', { prescriptionRequestId: requestId }, await tokenFor(t(), patient)));
  });
});
