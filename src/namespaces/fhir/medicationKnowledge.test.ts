import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect } from '../../../test/harness.ts';
import { inventoryCalls } from '../inventoryItems/inventoryItems.testkit.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted, type Json } from './fhir-http.testkit.ts';

describeEachDialect('FHIR R4: MedicationKnowledge', (t) => {
  const inventory = inventoryCalls(t);

  /** A pharmacy's catalogue: paracetamol with its names, unit and four prices; amoxicillin syrup; gloves with nothing but a name. */
  async function pharmacyWithItems() {
    const organizationId = orgId();
    const pharmacist = await signIn(t(), { organizationId, roles: ['pharmacist'] });
    const paracetamol = (
      await inventory.createItem(organizationId, {
        itemName: 'Paracetamol 500',
        genericName: 'Paracetamol',
        brandName: 'Calpol',
        medicineType: 'tablet',
        strength: '500',
        strengthUnit: 'mg',
        unitOfMeasure: 'strip',
        mrp: 35.5,
        offlinePrice: 33.1,
        onlinePrice: 0.3,
        unitPrice: 19.99,
      })
    ).id;
    const amoxicillin = (await inventory.createItem(organizationId, { itemName: 'Amoxicillin syrup', medicineType: 'syrup', mrp: 120 })).id;
    const gloves = (await inventory.createItem(organizationId, { itemName: 'Nitrile gloves' })).id;
    return { organizationId, paracetamol, amoxicillin, gloves, as: { token: pharmacist.token, organizationId } };
  }

  const price = (code: string, display: string, value: number) => ({ type: { coding: [{ system: 'urn:healthops:price', code, display }] }, cost: { value, currency: 'INR' } });

  test('read: a stock item\'s catalogue entry, its prices exactly from minor units; another organization\'s is 404', async () => {
    const { paracetamol, gloves, as } = await pharmacyWithItems();
    const answer = await fhir(t(), 'GET', `/MedicationKnowledge/${paracetamol}`, as);
    assert.equal(answer.status, 200);
    const { meta, ...knowledge } = answer.body;
    assert.match(meta.lastUpdated, /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(knowledge, {
      resourceType: 'MedicationKnowledge',
      id: paracetamol,
      code: { text: 'Paracetamol 500' },
      status: 'active',
      doseForm: { text: 'tablet' },
      synonym: ['Calpol', 'Paracetamol'],
      associatedMedication: [{ reference: `Medication/${paracetamol}` }],
      packaging: { type: { text: 'strip' } },
      ingredient: [{ itemCodeableConcept: { text: 'Paracetamol' }, strength: { numerator: { value: 500, unit: 'mg' }, denominator: { value: 1 } } }],
      cost: [
        price('mrp', 'Maximum retail price', 35.5),
        price('offline', 'Price at the counter', 33.1),
        // 30 paise is 0.3 exactly, not a float's drift.
        price('online', 'Price online', 0.3),
        price('valuation', 'Valuation price per unit (the stock\'s value)', 19.99),
      ],
    });
    const plain = (await fhir(t(), 'GET', `/MedicationKnowledge/${gloves}`, as)).body;
    assert.deepEqual(Object.keys(plain).sort(), ['associatedMedication', 'code', 'id', 'meta', 'resourceType', 'status']);
    // The Medication it names is the same item.
    assert.equal((await fhir(t(), 'GET', `/Medication/${paracetamol}`, as)).body.code.text, 'Paracetamol 500');
    const elsewhere = await pharmacyWithItems();
    assertOutcome(await fhir(t(), 'GET', `/MedicationKnowledge/${elsewhere.paracetamol}`, as), 404);
  });

  test('search: _id, code (its text), status, _lastUpdated; paging to the end', async () => {
    const { paracetamol, amoxicillin, gloves, as } = await pharmacyWithItems();
    await pharmacyWithItems();
    const search = async (query: string) => idsOf(await searchset(t(), `/MedicationKnowledge?${query}`, as));
    assert.deepEqual(await search(''), sorted(paracetamol, amoxicillin, gloves));
    assert.deepEqual(await search(`_id=${gloves}`), [gloves]);
    assert.deepEqual(await search('code=para'), [paracetamol]);
    assert.deepEqual(await search('code:contains=ILL'), [amoxicillin]);
    assert.deepEqual(await search('code:exact=Nitrile gloves'), [gloves]);
    assert.deepEqual(await search('status=active'), sorted(paracetamol, amoxicillin, gloves));
    assert.deepEqual(await search('status=http://terminology.hl7.org/CodeSystem/medicationknowledge-status|active&code=amox'), [amoxicillin]);
    assert.deepEqual(await search('status=inactive,entered-in-error'), []);
    assert.deepEqual(await search('_lastUpdated=lt2020'), []);
    assert.deepEqual(await search(`_lastUpdated=ge${new Date(Date.now() - 3_600_000).toISOString().slice(0, 10)}`), sorted(paracetamol, amoxicillin, gloves));
    for (const bad of ['status=retired', '_lastUpdated=2030-02-30', 'status=http://hl7.org/fhir/medication-status|active']) assertOutcome(await fhir(t(), 'GET', `/MedicationKnowledge?${bad}`, as), 400);

    const seen: string[] = [];
    let url: string | undefined = '/MedicationKnowledge?_count=2';
    while (url) {
      const page: Json = await searchset(t(), url, as);
      assert.equal(page.total, 3);
      seen.push(...idsOf(page));
      url = page.link.find((link: Json) => link.relation === 'next')?.url;
    }
    assert.deepEqual(seen, sorted(paracetamol, amoxicillin, gloves));
  });

  test('who may read: the roles that read stock (pharmacists too); a receptionist or a lab technician 403; no read log', async () => {
    const { paracetamol, as } = await pharmacyWithItems();
    const { organizationId } = as;
    for (const role of ['pharmacist', 'doctor', 'nurse', 'accountant', 'admin']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assert.equal((await fhir(t(), 'GET', `/MedicationKnowledge/${paracetamol}`, { token, organizationId })).status, 200, role);
      assert.equal((await fhir(t(), 'GET', '/MedicationKnowledge', { token, organizationId })).status, 200, role);
    }
    for (const role of ['receptionist', 'lab_technician', 'staff']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/MedicationKnowledge/${paracetamol}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'POST', '/MedicationKnowledge/_search', { token, organizationId, form: '' }), 403);
    }
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', organizationId).execute();
    assert.deepEqual(reads, [], 'the catalogue is no patient data');
  });
});
