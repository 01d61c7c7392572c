import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { marketplaceCalls } from './prescriptionMarketplace.testkit.ts';

describeEachDialect('prescriptionMarketplace: the pharmacy side', (t) => {
  const { call, pharmacy, product, person, upload, requestTo, broadcastOf, submitted, statuses } = marketplaceCalls(t);

  test('pendingList: the pharmacy\'s received broadcasts newest first, its own view (status, its own quote only), filtered and paged', async () => {
    const ph = await pharmacy(null);
    const rival = await pharmacy(null);
    const dolo = await product(ph);
    const rivalDolo = await product(rival, { onlinePrice: 1 });
    const patient = await person('Kiran Shah');
    const first = await requestTo(ph, patient);
    const second = await requestTo(ph, patient);
    await requestTo(rival, patient);
    // A third request to both pharmacies: the rival quotes cheaper; our list must not show it.
    const both = ok(await upload(patient, { organizationId: ph, items: [{ medicineName: 'Paracetamol' }] })).item.id as string;
    await t().database.db.insertInto('prescriptionBroadcasts').values({
      id: `bc-${both}`, prescriptionRequestId: both, organizationId: rival, organizationBranchId: null, distanceKm: null, status: 'SENT',
      rejectionReason: null, viewedAt: null, respondedAt: null, createdAt: Date.now(), updatedAt: Date.now(),
    }).execute();
    await submitted(rival, `bc-${both}`, rivalDolo, 10);
    await submitted(ph, first.broadcastId, dolo, 2, { deliveryCharge: 10 });

    const list = ok(await call('pendingList', { organizationId: ph }));
    assert.deepEqual(Object.keys(list).sort(), ['items', 'page', 'pageSize', 'success', 'total', 'totalPages']);
    assert.deepEqual(list.items.map((i: { prescriptionId: string }) => i.prescriptionId), [both, second.requestId, first.requestId]);
    assert.deepEqual(list.items.map((i: { name: string; available: number; amount: number; status: string }) => [i.name, i.available, i.amount, i.status]), [
      ['Kiran Shah', 0, 0, 'SENT'],
      ['Kiran Shah', 0, 0, 'SENT'],
      ['Kiran Shah', 1, 67.5, 'QUOTED'], // 2 x 28.75 + 10 delivery
    ]);
    const quoted = ok(await call('pendingList', { organizationId: ph, status: 'quoted' }));
    assert.deepEqual([quoted.total, quoted.items[0].prescriptionId], [1, first.requestId]);
    const paged = ok(await call('pendingList', { organizationId: ph, page: 2, pageSize: 2 }));
    assert.deepEqual([paged.total, paged.totalPages, paged.items.length], [3, 2, 1]);
    assert.equal(ok(await call('pendingList', { organizationId: orgId() })).total, 0);
  });

  test('pendingList: a branch sees its own broadcasts and those to the whole organization; validation; another tenant is FORBIDDEN', async () => {
    const ph = await pharmacy(null);
    const patient = await person();
    ok(await upload(patient, { organizationId: ph, organizationBranchId: 'north' }));
    ok(await upload(patient, { organizationId: ph, organizationBranchId: 'south' }));
    ok(await upload(patient, { organizationId: ph }));
    assert.equal(ok(await call('pendingList', { organizationId: ph, organizationBranchId: 'north' })).total, 2);
    assert.equal(ok(await call('pendingList', { organizationId: ph })).total, 3);
    failsWith(await call('pendingList', {}), 'VALIDATION_FAILED', 400);
    failsWith(await call('pendingList', { organizationId: ph, status: 'LOST' }), 'VALIDATION_FAILED', 400);
    failsWith(await call('pendingList', { organizationId: ph, pageSize: 0 }), 'VALIDATION_FAILED', 400);
    const stranger = await signIn(t(), { organizationId: await pharmacy(null), roles: ['pharmacist'] });
    failsWith(await call('pendingList', { organizationId: ph }, stranger.token), 'FORBIDDEN', 403);
    const own = await signIn(t(), { organizationId: ph, roles: ['pharmacist'] });
    assert.equal(ok(await call('pendingList', { organizationId: ph }, own.token)).total, 3);
  });

  test('the pharmacy side is for the pharmacy\'s pharmacists and admins: a patient\'s own token and other roles are FORBIDDEN', async () => {
    const ph = await pharmacy(null);
    const dolo = await product(ph);
    const patient = await person();
    const { broadcastId } = await requestTo(ph, patient);
    const patientToken = await tokenFor(t(), patient);
    const draft = ok(await call('saveDraftQuote', { organizationId: ph, broadcastId, items: [{ productId: dolo }] })).item;
    const attempts: [string, Record<string, unknown>][] = [
      ['pendingList', { organizationId: ph }],
      ['getPharmacyPrescriptionDetails', { organizationId: ph, broadcastId }],
      ['saveDraftQuote', { organizationId: ph, broadcastId }],
      ['updateQuote', { organizationId: ph, quoteId: draft.id }],
      ['submitQuote', { organizationId: ph, quoteId: draft.id }],
      ['rejectPrescription', { organizationId: ph, broadcastId }],
      ['searchProducts', { organizationId: ph }],
    ];
    const staff = await signIn(t(), { organizationId: ph, roles: ['staff'] });
    for (const [op, data] of attempts) {
      failsWith(await call(op, data, patientToken), 'FORBIDDEN', 403);
      failsWith(await call(op, data, staff.token), 'FORBIDDEN', 403);
    }
    const blocked = await signIn(t(), { organizationId: ph, roles: ['pharmacist'], blocked: true });
    failsWith(await call('pendingList', { organizationId: ph }, blocked.token), 'FORBIDDEN', 403);
    const admin = await signIn(t(), { organizationId: null, roles: ['platform_admin'] });
    ok(await call('getPharmacyPrescriptionDetails', { organizationId: ph, broadcastId }, admin.token));
    const pharmacist = await signIn(t(), { organizationId: ph, roles: ['pharmacist'] });
    ok(await call('searchProducts', { organizationId: ph }, pharmacist.token));
    ok(await call('submitQuote', { organizationId: ph, quoteId: draft.id }, pharmacist.token));
  });

  test('getPharmacyPrescriptionDetails marks the broadcast VIEWED and offers this pharmacy\'s catalogue options for each medicine', async () => {
    const ph = await pharmacy(null);
    const other = await pharmacy(null);
    const dolo = await product(ph, { productId: 'CAT-DOLO' });
    const calpol = await product(ph, { itemName: 'Calpol 650', brandName: 'Calpol', onlinePrice: null, offlinePrice: 27, quantity: 0 });
    await product(ph, { itemName: 'Dolo 500', strength: '500' });
    await product(ph, { itemName: 'Paracetamol syrup', medicineType: 'Syrup' });
    await product(ph, { module: 'lab', itemName: 'Paracetamol reagent' });
    const mapped = await product(ph, { itemName: 'Crocin Advance', genericName: 'Acetaminophen', mrp: 20, onlinePrice: null });
    await product(other);
    const patient = await person();
    const { requestId, broadcastId } = await requestTo(ph, patient, [
      { medicineName: 'Paracetamol', medicineType: 'Tablet', strength: '650', strengthUnit: 'mg', quantity: 10, productIds: [mapped, 'unknown'] },
    ]);
    await t().database.db.insertInto('prescriptionBroadcasts').values({
      id: `bc-${requestId}`, prescriptionRequestId: requestId, organizationId: other, organizationBranchId: null, distanceKm: null, status: 'SENT',
      rejectionReason: null, viewedAt: null, respondedAt: null, createdAt: Date.now(), updatedAt: Date.now(),
    }).execute();

    const data = ok(await call('getPharmacyPrescriptionDetails', { organizationId: ph, broadcastId }));
    assert.deepEqual(Object.keys(data).sort(), ['item', 'quote', 'success']);
    assert.equal(data.quote, null);
    assert.deepEqual(data.item.broadcasts.map((b: { id: string; status: string }) => [b.id, b.status]), [[broadcastId, 'VIEWED']], 'only its own broadcast');
    const [line] = data.item.items;
    assert.deepEqual(line.productIds, [mapped, 'unknown']);
    assert.deepEqual(
      line.products.map((p: { id: string; name: string; code: string | null; mrp: number; sellingPrice: number; availableStock: number; currency: string }) => [p.id, p.name, p.code, p.mrp, p.sellingPrice, p.availableStock, p.currency]),
      [
        [mapped, 'Crocin Advance', null, 20, 20, 40, 'INR'],
        [calpol, 'Calpol 650', null, 30.5, 27, 0, 'INR'],
        [dolo, 'Dolo 650', 'CAT-DOLO', 30.5, 28.75, 40, 'INR'],
      ],
    );
    const row = await t().database.db.selectFrom('prescriptionBroadcasts').select(['status', 'viewedAt']).where('id', '=', broadcastId).executeTakeFirstOrThrow();
    assert.equal(row.status, 'VIEWED');
    assert.ok(Number(row.viewedAt) > 0);
    // By the request's id too; a QUOTED broadcast stays QUOTED when looked at again.
    await submitted(ph, broadcastId, dolo);
    const again = ok(await call('getPharmacyPrescriptionDetails', { organizationId: ph, prescriptionRequestId: requestId }));
    assert.deepEqual([again.item.broadcasts[0].status, again.quote.status, again.quote.grandTotal], ['QUOTED', 'SUBMITTED', 287.5]);
  });

  test('getPharmacyPrescriptionDetails: another pharmacy\'s broadcast is NOT_FOUND; one of the two ids is needed', async () => {
    const ph = await pharmacy(null);
    const other = await pharmacy(null);
    const { requestId, broadcastId } = await requestTo(ph, await person());
    failsWith(await call('getPharmacyPrescriptionDetails', { organizationId: other, broadcastId }), 'NOT_FOUND', 404);
    failsWith(await call('getPharmacyPrescriptionDetails', { organizationId: other, prescriptionRequestId: requestId }), 'NOT_FOUND', 404);
    failsWith(await call('getPharmacyPrescriptionDetails', { organizationId: ph, broadcastId, prescriptionRequestId: 'another' }), 'NOT_FOUND', 404);
    failsWith(await call('getPharmacyPrescriptionDetails', { organizationId: ph }), 'VALIDATION_FAILED', 400);
    failsWith(await call('getPharmacyPrescriptionDetails', { broadcastId }), 'VALIDATION_FAILED', 400);
    const stranger = await signIn(t(), { organizationId: other, roles: ['pharmacist'] });
    failsWith(await call('getPharmacyPrescriptionDetails', { organizationId: ph, broadcastId }, stranger.token), 'FORBIDDEN', 403);
    assert.equal((await statuses(requestId)).broadcasts[ph], 'SENT', 'nobody looked');
  });

  test('searchProducts searches the pharmacy\'s catalogue only: keyword, generic name, type, strength; paged options', async () => {
    const ph = await pharmacy(null);
    const dolo = await product(ph);
    const syrup = await product(ph, { itemName: 'Calpol syrup', medicineType: 'Syrup', strength: '120', strengthUnit: 'mg/5ml' });
    const ibu = await product(ph, { itemName: 'Brufen 400', genericName: 'Ibuprofen', strength: '400' });
    await product(ph, { module: 'general', itemName: 'Paracetamol tablets (store)' });
    await product(await pharmacy(null), { itemName: 'Dolo 650 elsewhere' });
    const ids = async (data: Record<string, unknown>) => (ok(await call('searchProducts', { organizationId: ph, ...data })).items as { id: string }[]).map((i) => i.id);
    assert.deepEqual(await ids({}), [ibu, syrup, dolo]);
    assert.deepEqual(await ids({ keyword: 'dolo' }), [dolo]);
    assert.deepEqual(await ids({ genericName: 'paracet' }), [syrup, dolo]);
    assert.deepEqual(await ids({ genericName: 'paracetamol', medicineType: 'SYRUP' }), [syrup]);
    assert.deepEqual(await ids({ strength: '400' }), [ibu]);
    const page = ok(await call('searchProducts', { organizationId: ph, page: 2, pageSize: 2 }));
    assert.deepEqual([page.success, page.total, page.totalPages, page.items.length], [true, 3, 2, 1]);
    assert.deepEqual(Object.keys(page.items[0]).sort(), ['availableStock', 'brandName', 'code', 'currency', 'id', 'medicineType', 'mrp', 'name', 'sellingPrice', 'strength', 'strengthUnit']);
    failsWith(await call('searchProducts', { organizationId: 'missing' }), 'NOT_FOUND', 404);
    failsWith(await call('searchProducts', { keyword: 'x' }), 'VALIDATION_FAILED', 400);
    failsWith(await call('searchProducts', { organizationId: ph, pageSize: 101 }), 'VALIDATION_FAILED', 400);
    const stranger = await signIn(t(), { organizationId: await pharmacy(null), roles: ['pharmacist'] });
    failsWith(await call('searchProducts', { organizationId: ph }, stranger.token), 'FORBIDDEN', 403);
  });

  test('rejectPrescription declines an unanswered broadcast with its reason and cancels the draft; the request is unchanged', async () => {
    const ph = await pharmacy(null);
    const dolo = await product(ph);
    const patient = await person();
    const { requestId, broadcastId } = await requestTo(ph, patient);
    ok(await call('saveDraftQuote', { organizationId: ph, broadcastId, items: [{ productId: dolo }] }));
    const data = ok(await call('rejectPrescription', { organizationId: ph, broadcastId, reason: 'out of stock' }));
    assert.deepEqual([data.success, data.item.id, data.item.status], [true, broadcastId, 'REJECTED']);
    const row = await t().database.db.selectFrom('prescriptionBroadcasts').select(['rejectionReason', 'respondedAt']).where('id', '=', broadcastId).executeTakeFirstOrThrow();
    assert.equal(row.rejectionReason, 'out of stock');
    assert.deepEqual(await statuses(requestId), { request: 'BROADCASTED', broadcasts: { [ph]: 'REJECTED' }, quotes: { [ph]: 'CANCELLED' } });
    failsWith(await call('rejectPrescription', { organizationId: ph, broadcastId }), 'INVALID_STATE', 409);
    failsWith(await call('saveDraftQuote', { organizationId: ph, broadcastId }), 'INVALID_STATE', 409);
  });

  test('rejectPrescription: a quoted broadcast or a closed request cannot be declined; another pharmacy\'s broadcast is NOT_FOUND; validation', async () => {
    const ph = await pharmacy(null);
    const dolo = await product(ph);
    const patient = await person();
    const quoted = await requestTo(ph, patient);
    await submitted(ph, quoted.broadcastId, dolo);
    failsWith(await call('rejectPrescription', { organizationId: ph, broadcastId: quoted.broadcastId }), 'INVALID_STATE', 409);
    const cancelled = await requestTo(ph, patient);
    ok(await call('cancelPrescription', { prescriptionRequestId: cancelled.requestId, patientId: patient }));
    failsWith(await call('rejectPrescription', { organizationId: ph, broadcastId: cancelled.broadcastId }), 'INVALID_STATE', 409);
    const open = await requestTo(ph, patient);
    failsWith(await call('rejectPrescription', { organizationId: await pharmacy(null), broadcastId: open.broadcastId }), 'NOT_FOUND', 404);
    failsWith(await call('rejectPrescription', { organizationId: ph }), 'VALIDATION_FAILED', 400);
    failsWith(await call('rejectPrescription', { organizationId: ph, broadcastId: open.broadcastId, reason: 'x'.repeat(2001) }), 'VALIDATION_FAILED', 400);
    assert.equal(await broadcastOf(open.requestId, ph), open.broadcastId);
    assert.equal((await statuses(open.requestId)).broadcasts[ph], 'SENT');
  });
});
