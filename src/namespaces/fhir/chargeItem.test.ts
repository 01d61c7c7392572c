import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { parseJsonArray } from '../../values/record.ts';
import { itemOf, kit } from '../admissions/admissions.testkit.ts';
import { assertValidFhir } from './fhir-validator.testkit.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted } from './fhir-http.testkit.ts';

describeEachDialect('FHIR R4: ChargeItem', (t) => {
  const k = kit(t);

  /** Two admissions of two patients; charges of 0.1 x 3 with 18 % tax, 19.99 (voided), 0 (free), and one on the second admission. */
  async function hospitalWithCharges() {
    const h = await k.hospital();
    const otherPatient = await k.patient(h.organizationId, 'Ravi Kumar');
    const first = itemOf(await k.admit(h, { status: 'ADMITTED' })).id as string;
    const second = itemOf(await k.admit(h, { patientId: otherPatient, status: 'ADMITTED' })).id as string;
    const apply = async (admissionId: string, service: Record<string, unknown>, data: Record<string, unknown> = {}) => {
      const serviceId = await k.service(h.organizationId, service);
      return itemOf(await k.call('admissionCharges', 'applyCharge', { idpTeamId: h.team, idpUserId: h.receptionist.idpUserId, serviceId, chargeType: 'procedure', admissionId, ...data })).id as string;
    };
    const swabs = await apply(first, { name: 'Swab', price: 0.1, taxPercent: 18 }, { quantity: 3, notes: 'ward round' });
    const voided = await apply(first, { name: 'Dressing', price: 19.99, taxPercent: 0 });
    ok(await k.call('admissionCharges', 'voidCharge', { idpTeamId: h.team, idpUserId: h.receptionist.idpUserId, chargeId: voided, reason: 'charged twice' }));
    const free = await apply(first, { name: 'Visitor pass', price: 0, taxPercent: 0 });
    const theirs = await apply(second, { name: 'Oxygen', price: 250.5, taxPercent: 5 }, { quantity: 1.5 });
    const entered = (id: string, createdAt: number) => t().database.db.updateTable('admissionCharges').set({ createdAt }).where('id', '=', id).execute();
    await entered(swabs, Date.UTC(2030, 0, 10, 9));
    // The doctor a charge is for (as a doctor's fee names it).
    await t().database.db.updateTable('admissionCharges').set({ doctorId: h.doctor.userId }).where('id', '=', swabs).execute();
    await entered(voided, Date.UTC(2030, 0, 10, 12));
    await entered(free, Date.UTC(2030, 1, 1, 8));
    await entered(theirs, Date.UTC(2030, 2, 5, 18, 45));
    return { h, otherPatient, first, second, swabs, voided, free, theirs, as: { token: h.accountant.token, organizationId: h.organizationId } };
  }

  test('read: a charge field by field, its price in INR exactly from minor units; voided is entered-in-error; another organization\'s is 404', async () => {
    const { h, first, second, swabs, voided, free, theirs, as } = await hospitalWithCharges();
    const answer = await fhir(t(), 'GET', `/ChargeItem/${swabs}`, as);
    assert.equal(answer.status, 200);
    const { meta, ...charge } = answer.body;
    assert.match(meta.lastUpdated, /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(charge, {
      resourceType: 'ChargeItem',
      id: swabs,
      status: 'billable',
      code: { text: 'Swab' },
      subject: { reference: `Patient/${h.patientId}` },
      context: { reference: `Encounter/${first}` },
      // The admission's billing account (account.test.ts): its id is the admission's.
      account: [{ reference: `Account/${first}` }],
      performer: [{ actor: { reference: `Practitioner/${h.doctor.userId}` } }],
      quantity: { value: 3 },
      // 0.1 x 3 = 0.30, plus 18 % = 0.054, rounded to 0.05: 0.35, not 0.1 + 0.1 + 0.1 (0.30000000000000004) and the rest in floats.
      priceOverride: { value: 0.35, currency: 'INR' },
      enteredDate: '2030-01-10T09:00:00.000Z',
      enterer: { reference: `Practitioner/${h.receptionist.userId}` },
      note: [{ text: 'ward round' }],
    });
    const read = async (id: string) => (await fhir(t(), 'GET', `/ChargeItem/${id}`, as)).body;
    const cancelled = await read(voided);
    assert.equal(cancelled.status, 'entered-in-error');
    assert.deepEqual(cancelled.note, [{ text: 'voided: charged twice' }]);
    assert.deepEqual(cancelled.priceOverride, { value: 19.99, currency: 'INR' });
    assert.equal((await read(free)).status, 'not-billable');
    assert.deepEqual((await read(free)).priceOverride, { value: 0, currency: 'INR' });
    const oxygen = await read(theirs);
    // 250.50 x 1.5 = 375.75, plus 5 % = 18.7875, rounded to 18.79: 394.54.
    assert.deepEqual([oxygen.quantity, oxygen.priceOverride, oxygen.context], [{ value: 1.5 }, { value: 394.54, currency: 'INR' }, { reference: `Encounter/${second}` }]);
    const elsewhere = await hospitalWithCharges();
    assertOutcome(await fhir(t(), 'GET', `/ChargeItem/${elsewhere.swabs}`, as), 404);
  });

  test('search: _id, patient, context, entered-date with prefixes, _lastUpdated', async () => {
    const { h, otherPatient, first, second, swabs, voided, free, theirs, as } = await hospitalWithCharges();
    await hospitalWithCharges();
    const search = async (query: string) => idsOf(await searchset(t(), `/ChargeItem?${query}`, as));

    assert.deepEqual(await search(''), sorted(swabs, voided, free, theirs));
    assert.deepEqual(await search(`_id=${free}`), [free]);
    assert.deepEqual(await search(`patient=Patient/${h.patientId}`), sorted(swabs, voided, free));
    assert.deepEqual(await search(`patient=${otherPatient}`), [theirs]);
    assert.deepEqual(await search(`context=Encounter/${second}`), [theirs]);
    assert.deepEqual(await search(`context=${first}&patient=${otherPatient}`), []);
    assert.deepEqual(await search('entered-date=2030-01-10'), sorted(swabs, voided));
    assert.deepEqual(await search('entered-date=gt2030-01-10T09:00Z'), sorted(voided, free, theirs));
    assert.deepEqual(await search('entered-date=ge2030-02&entered-date=lt2030-03'), [free]);
    assert.deepEqual(await search('entered-date=le2030-02'), sorted(swabs, voided, free));
    assert.deepEqual(await search('_lastUpdated=lt2020'), []);
    assert.deepEqual(await search(`_lastUpdated=ge${new Date(Date.now() - 3_600_000).toISOString().slice(0, 10)}`), sorted(swabs, voided, free, theirs));
    for (const bad of ['entered-date=2030-1', 'context=Patient/x', 'patient=Encounter/x']) {
      assertOutcome(await fhir(t(), 'GET', `/ChargeItem?${bad}`, as), 400);
    }
  });

  test('the FHIR export of admission charges is the same mapping', async () => {
    const { h, swabs, voided, free, theirs, as } = await hospitalWithCharges();
    const admin = await signIn(t(), { organizationId: h.organizationId, roles: ['admin'] });
    const response = await t().app.inject({ method: 'POST', url: '/export', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` }, payload: JSON.stringify({ organizationId: h.organizationId, resource: 'admissionCharges', format: 'fhir' }) });
    assert.equal(response.statusCode, 200, response.body);
    const exported = response.body.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { id: string });
    for (const resource of exported) assertValidFhir(resource);
    const served = await searchset(t(), '/ChargeItem', as);
    assert.deepEqual(exported.map((resource) => resource.id), sorted(swabs, voided, free, theirs));
    assert.deepEqual(exported, served.entry.map((entry: { resource: unknown }) => entry.resource));
  });

  test('who may read: the roles that read admission charges; a nurse or a pharmacist 403; the read log names the patients', async () => {
    const { h, otherPatient, swabs, as } = await hospitalWithCharges();
    const { organizationId } = as;
    for (const role of ['doctor', 'receptionist', 'accountant', 'lab_technician', 'admin']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assert.equal((await fhir(t(), 'GET', `/ChargeItem/${swabs}`, { token, organizationId })).status, 200, role);
      assert.equal((await fhir(t(), 'GET', '/ChargeItem', { token, organizationId })).status, 200, role);
    }
    for (const role of ['nurse', 'pharmacist', 'hr']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/ChargeItem/${swabs}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'POST', '/ChargeItem/_search', { token, organizationId, form: '' }), 403);
    }

    const reader = await signIn(t(), { organizationId, roles: ['accountant'] });
    const by = { token: reader.token, organizationId };
    assert.equal((await fhir(t(), 'GET', `/ChargeItem/${swabs}`, by)).status, 200);
    assert.equal((await fhir(t(), 'GET', '/ChargeItem?_elements=priceOverride', by)).status, 200);
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', organizationId).where('actorIdpUserId', '=', reader.idpUserId).execute();
    const byOperation = new Map(reads.map((read) => [read.operation, parseJsonArray(read.patientIds).sort()]));
    assert.deepEqual(byOperation.get('fhir.readChargeItem'), [h.patientId]);
    assert.deepEqual(byOperation.get('fhir.searchChargeItem'), sorted(h.patientId, otherPatient));
  });
});
