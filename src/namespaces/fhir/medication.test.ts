import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { inventoryCalls } from '../inventoryItems/inventoryItems.testkit.ts';
import { assertValidFhir } from './fhir-validator.testkit.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted } from './fhir-http.testkit.ts';

describeEachDialect('FHIR R4: Medication', (t) => {
  const inventory = inventoryCalls(t);

  /** A pharmacy's stock: paracetamol in two batches (the nearer expiry shown), amoxicillin in one, gloves without batches. */
  async function pharmacyWithStock() {
    const organizationId = orgId();
    const pharmacist = await signIn(t(), { organizationId, roles: ['pharmacist'] });
    const paracetamol = (await inventory.createItem(organizationId, { itemName: 'Paracetamol 500', genericName: 'Paracetamol', medicineType: 'tablet', strength: '500', strengthUnit: 'mg' })).id;
    ok(await inventory.receive(organizationId, paracetamol, 100, { batchNumber: 'P-LATE', lotNumber: 'LOT-9', expiryDate: '2032-06-30' }));
    ok(await inventory.receive(organizationId, paracetamol, 50, { batchNumber: 'P-SOON', expiryDate: '2031-01-31' }));
    const amoxicillin = (await inventory.createItem(organizationId, { itemName: 'Amoxicillin syrup', medicineType: 'syrup' })).id;
    ok(await inventory.receive(organizationId, amoxicillin, 10, { batchNumber: 'A-1', expiryDate: '2031-08-15' }));
    const gloves = (await inventory.createItem(organizationId, { itemName: 'Nitrile gloves' })).id;
    return { organizationId, paracetamol, amoxicillin, gloves, as: { token: pharmacist.token, organizationId } };
  }

  test('read: a stock item with its form, ingredient and the batch an issue takes next (nearest expiry); another organization\'s is 404', async () => {
    const { paracetamol, gloves, as } = await pharmacyWithStock();
    const answer = await fhir(t(), 'GET', `/Medication/${paracetamol}`, as);
    assert.equal(answer.status, 200);
    const { meta, ...medication } = answer.body;
    assert.match(meta.lastUpdated, /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(medication, {
      resourceType: 'Medication',
      id: paracetamol,
      code: { text: 'Paracetamol 500' },
      form: { text: 'tablet' },
      ingredient: [{ itemCodeableConcept: { text: 'Paracetamol' }, strength: { numerator: { value: 500, unit: 'mg' }, denominator: { value: 1 } } }],
      // The batch without a lot number is named by its batch number.
      batch: { lotNumber: 'P-SOON', expirationDate: '2031-01-31' },
    });
    const plain = (await fhir(t(), 'GET', `/Medication/${gloves}`, as)).body;
    assert.deepEqual(Object.keys(plain).sort(), ['code', 'id', 'meta', 'resourceType']);
    const elsewhere = await pharmacyWithStock();
    assertOutcome(await fhir(t(), 'GET', `/Medication/${elsewhere.paracetamol}`, as), 404);
  });

  test('search: _id, code (its text), expiration-date with prefixes, _lastUpdated; the FHIR export is the same mapping', async () => {
    const { organizationId, paracetamol, amoxicillin, gloves, as } = await pharmacyWithStock();
    await pharmacyWithStock();
    const search = async (query: string) => idsOf(await searchset(t(), `/Medication?${query}`, as));
    assert.deepEqual(await search(''), sorted(paracetamol, amoxicillin, gloves));
    assert.deepEqual(await search(`_id=${gloves}`), [gloves]);
    assert.deepEqual(await search('code=para'), [paracetamol]);
    assert.deepEqual(await search('code=syr'), [amoxicillin]);
    assert.deepEqual(await search('code:contains=ILL'), [amoxicillin]);
    assert.deepEqual(await search('code:exact=Nitrile gloves'), [gloves]);
    assert.deepEqual(await search('expiration-date=2031'), sorted(paracetamol, amoxicillin));
    assert.deepEqual(await search('expiration-date=lt2031-08'), [paracetamol]);
    assert.deepEqual(await search('expiration-date=ge2031-08-15'), [amoxicillin]);
    // The later batch is not the one shown: an item is found by the expiry of its next batch.
    assert.deepEqual(await search('expiration-date=2032'), []);
    assert.deepEqual(await search('_lastUpdated=lt2020'), []);
    for (const bad of ['expiration-date=2031-02-30', 'expiration-date=2031-01-01T00:00Z']) assertOutcome(await fhir(t(), 'GET', `/Medication?${bad}`, as), 400);

    const admin = await signIn(t(), { organizationId, roles: ['admin'] });
    const response = await t().app.inject({ method: 'POST', url: '/export', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` }, payload: JSON.stringify({ organizationId, resource: 'inventoryItems', format: 'fhir' }) });
    assert.equal(response.statusCode, 200, response.body);
    const exported = response.body.split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown);
    for (const resource of exported) assertValidFhir(resource);
    assert.deepEqual(exported, (await searchset(t(), '/Medication', as)).entry.map((entry: { resource: unknown }) => entry.resource));
  });

  test('who may read: the roles that read stock (pharmacists too); a receptionist or a lab technician 403; no read log', async () => {
    const { paracetamol, as } = await pharmacyWithStock();
    const { organizationId } = as;
    for (const role of ['pharmacist', 'doctor', 'nurse', 'accountant', 'admin']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assert.equal((await fhir(t(), 'GET', `/Medication/${paracetamol}`, { token, organizationId })).status, 200, role);
      assert.equal((await fhir(t(), 'GET', '/Medication', { token, organizationId })).status, 200, role);
    }
    for (const role of ['receptionist', 'lab_technician', 'staff']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/Medication/${paracetamol}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'POST', '/Medication/_search', { token, organizationId, form: '' }), 403);
    }
    // A pharmacist reaches the stock only: no patient, no appointment.
    assertOutcome(await fhir(t(), 'GET', '/Patient', as), 403);
    assertOutcome(await fhir(t(), 'GET', '/Appointment', as), 403);
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', organizationId).execute();
    assert.deepEqual(reads, [], 'stock is no patient data');
  });
});
