import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { listenToEvents } from '../webhooks/webhooks.testkit.ts';
import { marketplaceCalls } from './prescriptionMarketplace.testkit.ts';

const QUOTE_KEYS = [
  'broadcastId', 'createdAt', 'currency', 'decidedAt', 'deliveryCharge', 'discount', 'grandTotal', 'id', 'items', 'itemsTotal', 'organizationBranchId',
  'organizationId', 'pharmacyName', 'prescriptionRequestId', 'remarks', 'status', 'submittedAt', 'tax', 'updatedAt',
];
const QUOTE_ITEM_KEYS = [
  'available', 'finalPrice', 'id', 'mrp', 'productId', 'productName', 'quantity', 'quoteId', 'remarks', 'requestedMedicineName', 'sellingPrice',
  'substituteProductId', 'substituteProductName',
];

describeEachDialect('prescriptionMarketplace: quotes', (t) => {
  const { call, pharmacy, product, person, requestTo, submitted, statuses } = marketplaceCalls(t);
  const db = () => t().database.db;

  /** A request sent to `n` pharmacies (each with a Dolo 650 at 28.75 but the i-th at 28.75 + i) as a named one plus extra broadcasts. */
  async function requestToMany(n: number, patient: string) {
    const pharmacies: { id: string; product: string; broadcastId: string }[] = [];
    const first = await pharmacy(null);
    const { requestId, broadcastId } = await requestTo(first, patient);
    pharmacies.push({ id: first, product: await product(first), broadcastId });
    for (let i = 1; i < n; i++) {
      const ph = await pharmacy(null);
      const id = `bc-${i}-${requestId}`;
      await db().insertInto('prescriptionBroadcasts').values({
        id, prescriptionRequestId: requestId, organizationId: ph, organizationBranchId: null, distanceKm: 1, status: 'SENT',
        rejectionReason: null, viewedAt: null, respondedAt: null, createdAt: Date.now(), updatedAt: Date.now(),
      }).execute();
      pharmacies.push({ id: ph, product: await product(ph, { onlinePrice: 28.75 + i }), broadcastId: id });
    }
    return { requestId, pharmacies };
  }

  test('saveDraftQuote prices the lines from the catalogue (client prices ignored) and computes every total exactly', async () => {
    const ph = await pharmacy(null);
    const dolo = await product(ph); // mrp 30.50, onlinePrice 28.75
    const crocin = await product(ph, { itemName: 'Crocin 650', mrp: 0.1, onlinePrice: null });
    const patient = await person();
    const { broadcastId, requestId } = await requestTo(ph, patient);
    const data = ok(
      await call('saveDraftQuote', {
        organizationId: ph,
        broadcastId,
        discount: 1.25,
        deliveryCharge: 20,
        tax: 4.31,
        remarks: 'delivery by 6 pm',
        items: [
          { productId: dolo, quantity: 3, requestedMedicineName: 'Paracetamol', mrp: 1, sellingPrice: 0.01, finalPrice: 0.03, productName: 'Free pills', id: 'mine' },
          { productId: crocin, quantity: 3 },
          { productId: dolo, quantity: 2, available: false, substituteProductId: crocin, remarks: 'substitute' },
          { requestedMedicineName: 'Vitamin D', available: false },
        ],
      }),
    );
    assert.equal(data.success, true);
    const q = data.item;
    assert.deepEqual(Object.keys(q).sort(), QUOTE_KEYS);
    assert.deepEqual(Object.keys(q.items[0]).sort(), QUOTE_ITEM_KEYS);
    assert.deepEqual([q.status, q.currency, q.prescriptionRequestId, q.broadcastId, q.organizationId, q.submittedAt, q.remarks], ['DRAFT', 'INR', requestId, broadcastId, ph, null, 'delivery by 6 pm']);
    assert.deepEqual(
      q.items.map((i: Record<string, unknown>) => [i.productName, i.quantity, i.mrp, i.sellingPrice, i.finalPrice, i.available, i.substituteProductName]),
      [
        ['Dolo 650', 3, 30.5, 28.75, 86.25, true, null],
        ['Crocin 650', 3, 0.1, 0.1, 0.3, true, null], // 3 x 0.10 = 0.30 exactly, not 0.30000000000000004
        ['Dolo 650', 2, 0.1, 0.1, 0.2, false, 'Crocin 650'],
        [null, 1, null, null, 0, false, null],
      ],
    );
    assert.notEqual(q.items[0].id, 'mine');
    // items 86.75 - discount 1.25 + delivery 20 + tax 4.31 = 109.81
    assert.deepEqual([q.itemsTotal, q.discount, q.deliveryCharge, q.tax, q.grandTotal], [86.75, 1.25, 20, 4.31, 109.81]);
    const stored = await db().selectFrom('prescriptionQuotes').select(['itemsTotal', 'grandTotal']).where('id', '=', q.id).executeTakeFirstOrThrow();
    assert.deepEqual([Number(stored.itemsTotal), Number(stored.grandTotal)], [8675, 10981], 'integer minor units in the table');
  });

  test('saveDraftQuote keeps one draft per broadcast; it and updateQuote change only what they are given, and prices follow the catalogue', async () => {
    const ph = await pharmacy(null);
    const dolo = await product(ph);
    const { broadcastId } = await requestTo(ph, await person());
    const draft = ok(await call('saveDraftQuote', { organizationId: ph, broadcastId, deliveryCharge: 15, items: [{ productId: dolo, quantity: 2 }] })).item;
    assert.equal(draft.grandTotal, 72.5);
    ok(await t().call('inventoryItems', 'update', { organizationId: ph, id: dolo, onlinePrice: 25 }));
    const saved = ok(await call('saveDraftQuote', { organizationId: ph, broadcastId, tax: 1 })).item;
    assert.deepEqual([saved.id, saved.itemsTotal, saved.deliveryCharge, saved.tax, saved.grandTotal], [draft.id, 57.5, 15, 1, 73.5], 'lines as saved');
    const updated = ok(await call('updateQuote', { organizationId: ph, quoteId: draft.id, items: [{ productId: dolo, quantity: 4 }], remarks: 'repriced' })).item;
    assert.deepEqual([updated.itemsTotal, updated.grandTotal, updated.remarks, updated.items.length], [100, 116, 'repriced', 1], 'new lines take the catalogue price of now: 4 x 25');
    const cleared = ok(await call('updateQuote', { organizationId: ph, quoteId: draft.id, deliveryCharge: null, tax: null, remarks: null })).item;
    assert.deepEqual([cleared.deliveryCharge, cleared.tax, cleared.grandTotal, cleared.remarks], [0, 0, 100, null]);
    const rows = await db().selectFrom('prescriptionQuotes').select('id').where('broadcastId', '=', broadcastId).execute();
    assert.equal(rows.length, 1);
  });

  test('quote validation: products must be this pharmacy\'s catalogue, a discount cannot exceed the items, money has two decimals', async () => {
    const ph = await pharmacy(null);
    const dolo = await product(ph);
    const foreign = await product(await pharmacy(null));
    const storeItem = await product(ph, { module: 'general' });
    const { broadcastId } = await requestTo(ph, await person());
    const paths = async (data: Record<string, unknown>) =>
      failsWith(await call('saveDraftQuote', { organizationId: ph, broadcastId, ...data }), 'VALIDATION_FAILED', 400).details!.map((d) => d.path).sort();
    assert.deepEqual(await paths({ items: [{ productId: foreign }] }), ['items.0.productId']);
    assert.deepEqual(await paths({ items: [{ productId: storeItem }] }), ['items.0.productId']);
    assert.deepEqual(await paths({ items: [{ productId: dolo, available: false, substituteProductId: foreign }] }), ['items.0.substituteProductId']);
    assert.deepEqual(await paths({ items: [{ quantity: 1 }] }), ['items.0.productId']);
    assert.deepEqual(await paths({ discount: 57.51, items: [{ productId: dolo, quantity: 2 }] }), ['discount']);
    assert.deepEqual(await paths({ discount: 0.001, deliveryCharge: -1, tax: 'x', items: [{ productId: dolo, quantity: 0 }] }), ['deliveryCharge', 'discount', 'items.0.quantity', 'tax']);
    assert.deepEqual(await paths({ items: Array.from({ length: 101 }, () => ({ productId: dolo })) }), ['items']);
    failsWith(await call('saveDraftQuote', { organizationId: ph }), 'VALIDATION_FAILED', 400);
    failsWith(await call('updateQuote', { organizationId: ph }), 'VALIDATION_FAILED', 400);
    failsWith(await call('submitQuote', { quoteId: 'x' }), 'VALIDATION_FAILED', 400);
    ok(await call('saveDraftQuote', { organizationId: ph, broadcastId, discount: 57.5, items: [{ productId: dolo, quantity: 2 }] }));
    assert.equal((await db().selectFrom('prescriptionQuotes').select('grandTotal').where('broadcastId', '=', broadcastId).executeTakeFirstOrThrow()).grandTotal, 0);
  });

  test('another pharmacy\'s broadcast and quote are NOT_FOUND to saveDraftQuote, updateQuote and submitQuote', async () => {
    const ph = await pharmacy(null);
    const other = await pharmacy(null);
    const dolo = await product(ph);
    const { broadcastId } = await requestTo(ph, await person());
    const draft = ok(await call('saveDraftQuote', { organizationId: ph, broadcastId, items: [{ productId: dolo }] })).item;
    failsWith(await call('saveDraftQuote', { organizationId: other, broadcastId }), 'NOT_FOUND', 404);
    failsWith(await call('updateQuote', { organizationId: other, quoteId: draft.id, tax: 1 }), 'NOT_FOUND', 404);
    failsWith(await call('submitQuote', { organizationId: other, quoteId: draft.id }), 'NOT_FOUND', 404);
    // Another pharmacy's pharmacist: naming this pharmacy is FORBIDDEN; its own organization does not reach this broadcast.
    const stranger = await signIn(t(), { organizationId: other, roles: ['pharmacist'] });
    for (const organizationId of [ph, other]) {
      const [code, status]: [string, number] = organizationId === ph ? ['FORBIDDEN', 403] : ['NOT_FOUND', 404];
      failsWith(await call('saveDraftQuote', { organizationId, broadcastId, items: [{ productId: dolo }] }, stranger.token), code, status);
      failsWith(await call('updateQuote', { organizationId, quoteId: draft.id, tax: 1 }, stranger.token), code, status);
      failsWith(await call('submitQuote', { organizationId, quoteId: draft.id }, stranger.token), code, status);
      failsWith(await call('rejectPrescription', { organizationId, broadcastId }, stranger.token), code, status);
    }
    const quotes = await db().selectFrom('prescriptionQuotes').select(['id', 'status', 'tax']).where('broadcastId', '=', broadcastId).execute();
    assert.deepEqual(quotes.map((q) => [q.id, q.status, Number(q.tax)]), [[draft.id, 'DRAFT', 0]], 'no quote of the other pharmacy, the draft unchanged');
    const broadcast = await db().selectFrom('prescriptionBroadcasts').select('status').where('id', '=', broadcastId).executeTakeFirstOrThrow();
    assert.notEqual(broadcast.status, 'REJECTED', 'not declined');
  });

  test('submitQuote makes the quote visible, marks broadcast and request QUOTED and notifies the patient once; a submitted quote is final', async () => {
    const ph = await pharmacy(null, { name: 'Green Cross Pharmacy' });
    const dolo = await product(ph);
    const patient = await person();
    const { requestId, broadcastId } = await requestTo(ph, patient);
    const draft = ok(await call('saveDraftQuote', { organizationId: ph, broadcastId, items: [{ productId: dolo, quantity: 10 }] })).item;
    assert.deepEqual(ok(await call('getQuotations', { prescriptionRequestId: requestId, patientId: patient })).items, [], 'a draft is not shown');
    failsWith(await call('acceptQuote', { quoteId: draft.id, patientId: patient }), 'NOT_FOUND', 404);
    const item = ok(await call('submitQuote', { organizationId: ph, quoteId: draft.id })).item;
    assert.deepEqual([item.status, item.pharmacyName, item.grandTotal, typeof item.submittedAt], ['SUBMITTED', 'Green Cross Pharmacy', 287.5, 'number']);
    assert.deepEqual(await statuses(requestId), { request: 'QUOTED', broadcasts: { [ph]: 'QUOTED' }, quotes: { [ph]: 'SUBMITTED' } });
    const notes = await db().selectFrom('notifications').selectAll().where('recipientIdpUserId', '=', patient).execute();
    assert.deepEqual(notes.map((n) => [n.organizationId, n.type, n.relatedEntityId, n.dedupeKey]), [[ph, 'prescription_quote_received', draft.id, `prescription-quote:${draft.id}:submitted`]]);
    assert.match(notes[0]!.message, /Green Cross Pharmacy quoted 287.50 INR/);
    failsWith(await call('submitQuote', { organizationId: ph, quoteId: draft.id }), 'INVALID_STATE', 409);
    failsWith(await call('updateQuote', { organizationId: ph, quoteId: draft.id, tax: 1 }), 'INVALID_STATE', 409);
    failsWith(await call('saveDraftQuote', { organizationId: ph, broadcastId, tax: 1 }), 'INVALID_STATE', 409);
    assert.equal((await db().selectFrom('notifications').select('id').where('recipientIdpUserId', '=', patient).execute()).length, 1);
  });

  test('a submitted quote and an accepted one are webhook events of the pharmacy', async () => {
    const ph = await pharmacy(null);
    const events = await listenToEvents(t(), ph);
    const patient = await person();
    const { requestId, broadcastId } = await requestTo(ph, patient);
    const draft = ok(await call('saveDraftQuote', { organizationId: ph, broadcastId, items: [{ productId: await product(ph), quantity: 2 }] })).item;
    assert.deepEqual(await events(), [], 'a draft is no event');
    ok(await call('submitQuote', { organizationId: ph, quoteId: draft.id }));
    ok(await call('acceptQuote', { quoteId: draft.id, patientId: patient }));
    const queued = await events();
    assert.deepEqual(queued.map((e) => [e.type, e.data.prescriptionRequestId, e.data.quote.id, e.data.quote.status]), [
      ['prescription.quoted', requestId, draft.id, 'SUBMITTED'],
      ['prescription.accepted', requestId, draft.id, 'ACCEPTED'],
    ]);
  });

  test('submitQuote: a quote without items is INVALID_STATE', async () => {
    const ph = await pharmacy(null);
    const { broadcastId } = await requestTo(ph, await person());
    const draft = ok(await call('saveDraftQuote', { organizationId: ph, broadcastId })).item;
    assert.deepEqual([draft.items, draft.grandTotal], [[], 0]);
    failsWith(await call('submitQuote', { organizationId: ph, quoteId: draft.id }), 'INVALID_STATE', 409);
  });

  test('getQuotations lists the submitted quotes cheapest first, for the request\'s patient only; getMyPrescriptions counts them', async () => {
    const patient = await person();
    const { requestId, pharmacies } = await requestToMany(3, patient);
    const [a, b, c] = pharmacies as [(typeof pharmacies)[0], (typeof pharmacies)[0], (typeof pharmacies)[0]];
    await submitted(c.id, c.broadcastId, c.product, 1); // 30.75
    await submitted(a.id, a.broadcastId, a.product, 2); // 57.50
    ok(await call('saveDraftQuote', { organizationId: b.id, broadcastId: b.broadcastId, items: [{ productId: b.product, quantity: 1 }] })); // a draft: not counted
    const data = ok(await call('getQuotations', { prescriptionRequestId: requestId, patientId: patient }));
    assert.deepEqual(Object.keys(data).sort(), ['items', 'success']);
    assert.deepEqual(data.items.map((q: { organizationId: string; grandTotal: number }) => [q.organizationId, q.grandTotal]), [[c.id, 30.75], [a.id, 57.5]]);
    const mine = ok(await call('getMyPrescriptions', { patientId: patient })).items[0];
    assert.deepEqual([mine.prescriptionId, mine.available, mine.amount, mine.status], [requestId, 2, 30.75, 'QUOTED']);
    failsWith(await call('getQuotations', { prescriptionRequestId: requestId, patientId: await person() }), 'NOT_FOUND', 404);
    failsWith(await call('getQuotations', { prescriptionRequestId: requestId, patientId: patient }, await tokenFor(t(), await person())), 'NOT_FOUND', 404);
    failsWith(await call('getQuotations', { patientId: patient }), 'VALIDATION_FAILED', 400);
  });

  test('acceptQuote closes the request: the quote and its broadcast ACCEPTED, other quotes NOT_CHOSEN, other broadcasts CLOSED; the pharmacy\'s staff are told', async () => {
    const patient = await person();
    const { requestId, pharmacies } = await requestToMany(4, patient);
    const [a, b, c, d] = pharmacies as [(typeof pharmacies)[0], (typeof pharmacies)[0], (typeof pharmacies)[0], (typeof pharmacies)[0]];
    const pharmacist = await signIn(t(), { organizationId: a.id, roles: ['pharmacist'] });
    const admin = await signIn(t(), { organizationId: a.id, roles: ['staff', 'admin'] });
    await signIn(t(), { organizationId: a.id, roles: ['staff'] });
    await signIn(t(), { organizationId: a.id, roles: ['pharmacist'], blocked: true });
    const quote = await submitted(a.id, a.broadcastId, a.product, 2);
    await submitted(b.id, b.broadcastId, b.product, 2);
    ok(await call('saveDraftQuote', { organizationId: c.id, broadcastId: c.broadcastId }));
    const data = ok(await call('acceptQuote', { quoteId: quote.id, patientId: patient }));
    assert.deepEqual(Object.keys(data).sort(), ['item', 'quote', 'success']);
    assert.deepEqual([data.success, data.item.id, data.item.status, data.quote.id, data.quote.status], [true, requestId, 'ACCEPTED', quote.id, 'ACCEPTED']);
    assert.deepEqual(data.item.items[0].products.map((p: { id: string }) => p.id), [a.product], 'the accepted pharmacy\'s options');
    assert.deepEqual(await statuses(requestId), {
      request: 'ACCEPTED',
      broadcasts: { [a.id]: 'ACCEPTED', [b.id]: 'CLOSED', [c.id]: 'CLOSED', [d.id]: 'CLOSED' },
      quotes: { [a.id]: 'ACCEPTED', [b.id]: 'NOT_CHOSEN', [c.id]: 'NOT_CHOSEN' },
    });
    const told = await db().selectFrom('notifications').select(['recipientIdpUserId', 'recipientRole', 'type']).where('organizationId', '=', a.id).where('type', '=', 'prescription_quote_accepted').orderBy('recipientIdpUserId').execute();
    assert.deepEqual(told.map((n) => n.recipientIdpUserId).sort(), [pharmacist.idpUserId, admin.idpUserId].sort());
    // Closed to everything else.
    failsWith(await call('acceptQuote', { quoteId: quote.id, patientId: patient }), 'INVALID_STATE', 409);
    const other = (await db().selectFrom('prescriptionQuotes').select('id').where('organizationId', '=', b.id).executeTakeFirstOrThrow()).id;
    failsWith(await call('acceptQuote', { quoteId: other, patientId: patient }), 'INVALID_STATE', 409);
    failsWith(await call('rejectQuote', { quoteId: quote.id, patientId: patient }), 'INVALID_STATE', 409);
    failsWith(await call('saveDraftQuote', { organizationId: d.id, broadcastId: d.broadcastId }), 'INVALID_STATE', 409);
    failsWith(await call('rejectPrescription', { organizationId: d.id, broadcastId: d.broadcastId }), 'INVALID_STATE', 409);
    failsWith(await call('cancelPrescription', { prescriptionRequestId: requestId, patientId: patient }), 'INVALID_STATE', 409);
    const mine = ok(await call('getMyPrescriptions', { patientId: patient })).items[0];
    assert.deepEqual([mine.available, mine.amount, mine.status], [1, 57.5, 'ACCEPTED']);
  });

  test('two concurrent accepts of different quotes of one request: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const patient = await person();
      const { requestId, pharmacies } = await requestToMany(2, patient);
      const quotes = [];
      for (const p of pharmacies) quotes.push(await submitted(p.id, p.broadcastId, p.product, 1));
      const results = await Promise.all(quotes.map((q) => call('acceptQuote', { quoteId: q.id, patientId: patient })));
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409], JSON.stringify(results.map((r) => r.body)));
      const loser = results.find((r) => r.statusCode === 409)!;
      assert.equal(loser.body.error.code, 'INVALID_STATE');
      const rows = await db().selectFrom('prescriptionQuotes').select('status').where('prescriptionRequestId', '=', requestId).execute();
      assert.deepEqual(rows.map((r) => r.status).sort(), ['ACCEPTED', 'NOT_CHOSEN']);
    }
  });

  test('acceptQuote and rejectQuote: another patient\'s quote is NOT_FOUND (also naming its patient), validation', async () => {
    const ph = await pharmacy(null);
    const patient = await person();
    const { broadcastId } = await requestTo(ph, patient);
    const quote = await submitted(ph, broadcastId, await product(ph));
    for (const op of ['acceptQuote', 'rejectQuote']) {
      failsWith(await call(op, { quoteId: quote.id, patientId: await person() }), 'NOT_FOUND', 404);
      failsWith(await call(op, { quoteId: quote.id }, await tokenFor(t(), await person())), 'NOT_FOUND', 404);
      failsWith(await call(op, { quoteId: quote.id, patientId: patient }, await tokenFor(t(), await person())), 'NOT_FOUND', 404);
      failsWith(await call(op, { quoteId: quote.id }), 'VALIDATION_FAILED', 400);
      failsWith(await call(op, { patientId: patient }), 'VALIDATION_FAILED', 400);
    }
    ok(await call('acceptQuote', { quoteId: quote.id }, await tokenFor(t(), patient)));
  });

  test('rejectQuote rejects one quote (single-request shape): the request stays QUOTED while another stands, else BROADCASTED again', async () => {
    const patient = await person();
    const { requestId, pharmacies } = await requestToMany(3, patient);
    const [a, b, c] = pharmacies as [(typeof pharmacies)[0], (typeof pharmacies)[0], (typeof pharmacies)[0]];
    const qa = await submitted(a.id, a.broadcastId, a.product, 1);
    const qb = await submitted(b.id, b.broadcastId, b.product, 1);
    const first = ok(await call('rejectQuote', { quoteId: qa.id, patientId: patient }));
    assert.deepEqual(Object.keys(first).sort(), ['item', 'success']);
    assert.deepEqual([first.item.id, first.item.status], [requestId, 'QUOTED']);
    const second = ok(await call('rejectQuote', { quoteId: qb.id, patientId: patient }));
    assert.equal(second.item.status, 'BROADCASTED');
    assert.deepEqual(await statuses(requestId), {
      request: 'BROADCASTED',
      broadcasts: { [a.id]: 'CLOSED', [b.id]: 'CLOSED', [c.id]: 'SENT' },
      quotes: { [a.id]: 'REJECTED', [b.id]: 'REJECTED' },
    });
    failsWith(await call('rejectQuote', { quoteId: qa.id, patientId: patient }), 'INVALID_STATE', 409);
    failsWith(await call('acceptQuote', { quoteId: qa.id, patientId: patient }), 'INVALID_STATE', 409);
    const mine = ok(await call('getMyPrescriptions', { patientId: patient })).items[0];
    assert.deepEqual([mine.available, mine.amount], [0, 0], 'rejected quotes are not offers');
    // The third pharmacy can still quote, and the patient accept it.
    const qc = await submitted(c.id, c.broadcastId, c.product, 1);
    assert.equal(ok(await call('acceptQuote', { quoteId: qc.id, patientId: patient })).item.status, 'ACCEPTED');
  });

  test('cancelPrescription cancels an open request with its live broadcasts and pending quotes; then nothing moves', async () => {
    const patient = await person();
    const { requestId, pharmacies } = await requestToMany(3, patient);
    const [a, b, c] = pharmacies as [(typeof pharmacies)[0], (typeof pharmacies)[0], (typeof pharmacies)[0]];
    const qa = await submitted(a.id, a.broadcastId, a.product, 1);
    const draft = ok(await call('saveDraftQuote', { organizationId: b.id, broadcastId: b.broadcastId, items: [{ productId: b.product }] })).item;
    ok(await call('rejectPrescription', { organizationId: c.id, broadcastId: c.broadcastId }));
    const data = ok(await call('cancelPrescription', { prescriptionRequestId: requestId, patientId: patient }));
    assert.deepEqual(Object.keys(data).sort(), ['item', 'success']);
    assert.deepEqual(Object.keys(data.item).sort(), ['createdAt', 'id', 'organizationBranchId', 'organizationId', 'patientId', 'status', 'updatedAt', 'uploadedFileUrl']);
    assert.equal(data.item.status, 'CANCELLED');
    assert.deepEqual(await statuses(requestId), {
      request: 'CANCELLED',
      broadcasts: { [a.id]: 'CANCELLED', [b.id]: 'CANCELLED', [c.id]: 'REJECTED' },
      quotes: { [a.id]: 'CANCELLED', [b.id]: 'CANCELLED' },
    });
    failsWith(await call('cancelPrescription', { prescriptionRequestId: requestId, patientId: patient }), 'INVALID_STATE', 409);
    failsWith(await call('acceptQuote', { quoteId: qa.id, patientId: patient }), 'INVALID_STATE', 409);
    failsWith(await call('submitQuote', { organizationId: b.id, quoteId: draft.id }), 'INVALID_STATE', 409);
    failsWith(await call('updateQuote', { organizationId: b.id, quoteId: draft.id, tax: 1 }), 'INVALID_STATE', 409);
  });

  test('cancelPrescription: another patient\'s request is NOT_FOUND; a token cancels only its own; validation', async () => {
    const ph = await pharmacy(null);
    const patient = await person();
    const { requestId } = await requestTo(ph, patient);
    failsWith(await call('cancelPrescription', { prescriptionRequestId: requestId, patientId: await person() }), 'NOT_FOUND', 404);
    failsWith(await call('cancelPrescription', { prescriptionRequestId: requestId }, await tokenFor(t(), await person())), 'NOT_FOUND', 404);
    failsWith(await call('cancelPrescription', { prescriptionRequestId: requestId, patientId: patient }, await tokenFor(t(), await person())), 'NOT_FOUND', 404);
    failsWith(await call('cancelPrescription', { patientId: patient }), 'VALIDATION_FAILED', 400);
    failsWith(await call('cancelPrescription', { prescriptionRequestId: requestId }), 'VALIDATION_FAILED', 400);
    assert.equal((await statuses(requestId)).request, 'BROADCASTED');
    const staff = await signIn(t(), { organizationId: ph, roles: ['pharmacist'] });
    failsWith(await call('cancelPrescription', { prescriptionRequestId: requestId, patientId: patient }, staff.token), 'NOT_FOUND', 404);
    ok(await call('cancelPrescription', { prescriptionRequestId: requestId }, await tokenFor(t(), patient)));
  });
});
