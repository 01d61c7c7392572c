import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { sql } from 'kysely';
import { signIn, type SignedIn } from '../../../../test/builders.ts';
import { describeEachDialect, ok, type TestApp } from '../../../../test/harness.ts';
import type { Hospital } from '../../admissions/admissions.testkit.ts';
import { billingKit, GSTIN } from '../../billing/billing.testkit.ts';
import { inventoryCalls } from '../../inventoryItems/inventoryItems.testkit.ts';
import { orderInput } from '../../labOrders/labOrders.testkit.ts';
import { marketplaceCalls } from '../../prescriptionMarketplace/prescriptionMarketplace.testkit.ts';
import { schedule, schedules } from '../../practitionerSchedules/practitionerSchedules.testkit.ts';
import { fhir, fhirRequest, searchset } from '../fhir-http.testkit.ts';
import { assertOutcome, filesOf, kickOff, runToEnd, type Json } from './bulk.testkit.ts';
import { TYPE_NAMES } from './bulk.types.ts';

/** The Patient compartment's types, as the declarations make it (a `patient` search parameter): written in this order. */
const COMPARTMENT = ['Patient', 'Appointment', 'Encounter', 'ServiceRequest', 'DiagnosticReport', 'ChargeItem', 'Account', 'PaymentReconciliation', 'Invoice'];

/** The organization's rows of each type, counted in the database (not through the search engine the export shares). */
async function countsInDatabase(t: TestApp, organizationId: string): Promise<Record<string, number>> {
  const db = t.database.db;
  const count = async (table: 'patients' | 'appointments' | 'admissions' | 'practitionerSchedules' | 'labOrders' | 'labResultFiles' | 'admissionCharges' | 'admissionPayments' | 'wards' | 'rooms' | 'beds' | 'services' | 'inventoryItems' | 'auditLog' | 'patientDataReads') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('organizationId', '=', organizationId).executeTakeFirstOrThrow()).n);
  const members = Number((await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).where('organizationId', '=', organizationId).where('invitationStatus', '=', 'accepted').executeTakeFirstOrThrow()).n);
  const invoices = await db.selectFrom('billingDocuments').select((eb) => eb.fn.countAll<number | string>().as('n')).where('organizationId', '=', organizationId).where('kind', 'in', ['TAX_INVOICE', 'BILL_OF_SUPPLY']).executeTakeFirstOrThrow();
  return {
    Patient: await count('patients'),
    Practitioner: members,
    PractitionerRole: members,
    Organization: 1,
    Appointment: await count('appointments'),
    // Admissions, and visits: appointments checked in, in consultation or completed.
    Encounter: (await count('admissions')) + Number((await db.selectFrom('appointments').select((eb) => eb.fn.countAll<number | string>().as('n')).where('organizationId', '=', organizationId).where('stage', 'in', ['checked_in', 'in_consultation', 'completed']).executeTakeFirstOrThrow()).n),
    Schedule: await count('practitionerSchedules'),
    ServiceRequest: await count('labOrders'),
    DiagnosticReport: await count('labResultFiles'),
    ChargeItem: await count('admissionCharges'),
    Account: await count('admissions'),
    PaymentReconciliation: await count('admissionPayments'),
    Invoice: Number(invoices.n),
    Location: (await count('wards')) + (await count('rooms')) + (await count('beds')),
    HealthcareService: await count('services'),
    Medication: await count('inventoryItems'),
    MedicationKnowledge: await count('inventoryItems'),
    AuditEvent: (await count('auditLog')) + (await count('patientDataReads')),
  };
}

/** Every resource of a search, page after page (the API's answer to compare an export's file with). */
async function searchAll(t: TestApp, path: string, as: { token: string; organizationId: string }): Promise<Json[]> {
  const resources: Json[] = [];
  let url: string | undefined = `${path}${path.includes('?') ? '&' : '?'}_count=100`;
  while (url) {
    const bundle = await searchset(t, url, as);
    resources.push(...(bundle.entry ?? []).map((entry: Json) => entry.resource));
    url = bundle.link.find((link: Json) => link.relation === 'next')?.url;
  }
  return resources;
}

const idsOf = (resources: readonly Json[] | undefined) => (resources ?? []).map((resource) => resource.id as string);

/** The patients a resource refers to. */
const patientsNamed = (resource: Json) => [...JSON.stringify(resource).matchAll(/"Patient\/([^"]+)"/g)].map((match) => match[1]!);

describeEachDialect('FHIR Bulk Data export of every type served, from the declarations; _typeFilter', (t) => {
  const b = billingKit(t);
  let h: Hospital;
  let admin: SignedIn;
  let as: { token: string; organizationId: string };
  let booked: string;
  let cancelled: string;
  let admitted: string;
  let requested: string;
  before(async () => {
    h = await b.gstHospital();
    const organizationId = h.organizationId;
    admin = await signIn(t(), { organizationId, roles: ['admin'] });
    as = { token: admin.token, organizationId };
    // A member whose invitation is pending is no Practitioner (the API's set, not doctors only).
    const invited = await signIn(t(), { organizationId, roles: ['nurse'] });
    await t().database.db.updateTable('users').set({ invitationStatus: 'pending' }).where('id', '=', invited.userId).execute();
    await b.bed(h);
    admitted = await b.admissionWith(h, [{ price: 100, taxPercent: 12, name: 'Dressing kit' }]);
    ok(await b.invoiceAdmission(h, admitted));
    // A payment and a refund of part of it: two PaymentReconciliations.
    ok(await b.pay(h, admitted, 80));
    ok(await b.call('admissions', 'refundPayment', { organizationId, admissionId: admitted, amount: 30, method: 'cash', reason: 'overpaid' }, h.accountant.token));
    const other = await b.patient(organizationId, 'Ravi Kumar');
    requested = (ok(await b.admit(h, { patientId: other, status: 'REQUESTED', requestedAt: Date.UTC(2020, 5, 1, 9) })) as { item: { id: string } }).item.id;
    const appointment = async (scheduledTime: string) =>
      (ok(await t().call('appointments', 'create', { organizationId, patientId: h.patientId, doctorId: h.doctor.userId, scheduledDate: '2030-04-01', scheduledTime, duration: 30, type: 'consultation', reason: 'Fever' }, { token: admin.token })) as { item: { id: string } }).item.id;
    booked = await appointment('10:00');
    cancelled = await appointment('11:00');
    ok(await t().call('appointments', 'cancel', { organizationId, id: cancelled, reason: 'unwell' }, { token: admin.token }));
    const order = (ok(await t().call('labOrders', 'create', orderInput({ organizationId, patientId: h.patientId }, { doctorId: h.doctor.userId }))) as { item: { id: string } }).item.id;
    ok(await t().call('labResultFiles', 'create', { organizationId, labOrderId: order, fileId: `files/${order}`, fileName: 'cbc.pdf', fileSize: 48_213, mimeType: 'application/pdf', testName: 'Complete blood count' }));
    await inventoryCalls(t).createItem(organizationId, { itemName: 'Paracetamol 500', medicineType: 'tablet' });
    ok(await schedules(t())('create', schedule(organizationId, h.doctor.userId), h.doctor.token));
    // Another organization's records are none of this one's export.
    await b.gstHospital();
  });

  test('$export: one file per type served, every row of each (counted in the database), each resource as the API answers it', async () => {
    const started = await kickOff(t(), '/$export', as);
    assert.equal(started.status, 202);
    const manifest = (await runToEnd(t(), String(started.headers['content-location']), admin.token, { pageRows: 2, pagesPerRun: 3 })).body;
    const counts = await countsInDatabase(t(), h.organizationId);
    assert.deepEqual(manifest.output.map((o: Json) => o.type), TYPE_NAMES, 'every stored type the API serves, in its order');
    assert.ok(!TYPE_NAMES.includes('Slot'), 'Slots are computed, not exported');
    assert.deepEqual(Object.fromEntries(manifest.output.map((o: Json) => [o.type, o.count])), counts);

    const files = await filesOf(t(), manifest, admin.token);
    for (const type of TYPE_NAMES) {
      assert.ok(files[type]!.every((resource) => resource.resourceType === type), type);
      assert.equal(new Set(idsOf(files[type])).size, counts[type], `${type}: every row once`);
      // The audit trail grows as the API is called: its entries are compared one by one below.
      if (type !== 'AuditEvent') assert.deepEqual(files[type], await searchAll(t(), `/${type}`, as), `${type}: the API's rows, mapping and related records`);
    }
    for (const event of files.AuditEvent!.slice(0, 5)) assert.deepEqual(event, (await fhir(t(), 'GET', `/AuditEvent/${event.id}`, as)).body);
    assert.deepEqual(idsOf(files.Practitioner).sort(), [h.doctor.userId, h.receptionist.userId, h.accountant.userId, admin.userId].sort(), 'every accepted member, not doctors only');
  });

  test('Patient/$export and Group/$export: the compartment\'s types only, only rows naming the organization\'s patients', async () => {
    const patientLevel = await kickOff(t(), '/Patient/$export', as);
    const manifest = (await runToEnd(t(), String(patientLevel.headers['content-location']), admin.token, { pageRows: 2 })).body;
    assert.deepEqual(manifest.output.map((o: Json) => o.type), COMPARTMENT);
    const files = await filesOf(t(), manifest, admin.token);
    const patients = new Set(idsOf(files.Patient));
    const counts = await countsInDatabase(t(), h.organizationId);
    assert.equal(patients.size, counts.Patient);
    // R4's PaymentReconciliation has no element naming a patient: its patient is its account's (detail.request), an Account of the same export.
    const accounts = new Map(files.Account!.map((account) => [`Account/${String(account.id)}`, account]));
    const named = (resource: Json) => (resource.resourceType === 'PaymentReconciliation' ? patientsNamed(accounts.get(resource.detail[0].request.reference)) : patientsNamed(resource));
    for (const type of COMPARTMENT.slice(1)) {
      for (const resource of files[type]!) assert.ok(named(resource).length > 0 && named(resource).every((id) => patients.has(id)), `${type}/${resource.id} names the organization's patients`);
    }
    for (const type of COMPARTMENT.slice(1)) assert.equal(files[type]!.length, counts[type], `${type}: every row here names a patient`);

    const group = await kickOff(t(), `/Group/${h.organizationId}/$export`, as);
    const groupManifest = (await runToEnd(t(), String(group.headers['content-location']), admin.token)).body;
    assert.deepEqual(await filesOf(t(), groupManifest, admin.token), files, 'the organization\'s group is its patients');
  });

  test('Patient/$export leaves out the rows naming no patient: a pharmacy\'s sale to a marketplace customer, who is no patient there', async () => {
    const m = marketplaceCalls(t);
    const pharmacy = await m.pharmacy(null, { settings: { taxRegime: 'in_gst', gstin: GSTIN } });
    const accountant = await signIn(t(), { organizationId: pharmacy, roles: ['accountant'] });
    const owner = await signIn(t(), { organizationId: pharmacy, roles: ['admin'] });
    const customer = await m.person();
    const { broadcastId } = await m.requestTo(pharmacy, customer);
    const quote = await m.submitted(pharmacy, broadcastId, await m.product(pharmacy, { onlinePrice: 112, gstPercentage: 12, hsnCode: '3004' }), 2);
    ok(await m.call('acceptQuote', { quoteId: quote.id, patientId: customer }));
    const sale = (ok(await t().call('billing', 'issueInvoice', { organizationId: pharmacy, quoteId: quote.id }, { token: accountant.token })) as { item: { id: string } }).item.id;
    const exported = async (path: string) => {
      const started = await kickOff(t(), path, { token: owner.token, organizationId: pharmacy });
      return filesOf(t(), (await runToEnd(t(), String(started.headers['content-location']), owner.token)).body, owner.token);
    };
    assert.deepEqual(idsOf((await exported('/$export?_type=Invoice')).Invoice), [sale], 'the organization\'s invoice');
    assert.deepEqual(Object.keys(await exported('/Patient/$export?_type=Patient,Invoice')), [], 'no patient\'s: no file');
  });

  test('_typeFilter: the type\'s search parameters, as the API reads them; entries of one type OR\'ed; the other types whole', async () => {
    const filters = ['Appointment?status=booked', 'Encounter?date=lt2021-01-01', 'Encounter?status=in-progress&_id=none'].map(encodeURIComponent).join(',');
    const started = await kickOff(t(), `/$export?_type=Patient,Appointment,Encounter&_typeFilter=${filters}`, as);
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const files = await filesOf(t(), (await runToEnd(t(), String(started.headers['content-location']), admin.token)).body, admin.token);
    assert.deepEqual(idsOf(files.Appointment), [booked], 'the cancelled one is not booked');
    assert.deepEqual(idsOf(files.Appointment), idsOf(await searchAll(t(), '/Appointment?status=booked', as)), 'as the API\'s search');
    assert.deepEqual(idsOf(files.Encounter), [requested], 'requested in 2020; the admission in progress is not of id "none"');
    assert.equal(files.Patient!.length, (await countsInDatabase(t(), h.organizationId)).Patient);

    // Any of the entries: the admitted one by its status, the requested one by its date; a comma inside an entry is %2C.
    const either = ['Encounter?date=lt2021-01-01', 'Encounter?status=in-progress', 'Appointment?status=booked%2Ccancelled'].map(encodeURIComponent).join(',');
    const second = await kickOff(t(), `/$export?_type=Appointment,Encounter&_typeFilter=${either}`, as);
    const both = await filesOf(t(), (await runToEnd(t(), String(second.headers['content-location']), admin.token)).body, admin.token);
    assert.deepEqual(idsOf(both.Encounter).sort(), idsOf(await searchAll(t(), '/Encounter', as)).filter((id) => [requested, admitted].includes(id)).sort());
    assert.equal(both.Encounter!.length, 2);
    assert.deepEqual(idsOf(both.Appointment).sort(), [booked, cancelled].sort());

    // The POST kick-off: each entry a parameter of its own.
    const parameters = { resourceType: 'Parameters', parameter: [{ name: '_type', valueString: 'Appointment' }, { name: '_typeFilter', valueString: 'Appointment?status=cancelled' }] };
    const posted = await t().app.inject(fhirRequest('POST', '/$export', { ...as, headers: { prefer: 'respond-async' }, json: parameters }));
    assert.equal(posted.statusCode, 202, posted.body);
    const postedFiles = await filesOf(t(), (await runToEnd(t(), String(posted.headers['content-location']), admin.token)).body, admin.token);
    assert.deepEqual(idsOf(postedFiles.Appointment), [cancelled]);
  });

  test('a bad _typeFilter is 400 at kick-off, naming what is wrong', async () => {
    const refused = async (filter: string, pattern: RegExp, types = '') => assertOutcome(await kickOff(t(), `/$export?_typeFilter=${encodeURIComponent(filter)}${types}`, as), 400, pattern);
    await refused('Appointment?colour=blue', /colour: not a search parameter of Appointment \(_id, patient, practitioner, date, status, _lastUpdated\)/);
    await refused('Appointment?status=sleeping', /sleeping is not one of proposed/);
    await refused('Encounter?date=yesterday', /must be a date/);
    await refused('Appointment?_count=5', /_count: not a search parameter/);
    await refused('Observation?code=1234', /must be \{Type\}\?\{search parameters\} of a type exported/);
    await refused('Appointment', /must be \{Type\}\?/);
    await refused('Appointment?status=booked', /Appointment is not among the types exported \(Patient\)/, '&_type=Patient');
    const exports = await t().database.db.selectFrom('fhirBulkExports').select(sql<number>`count(*)`.as('n')).where('organizationId', '=', h.organizationId).where('types', 'like', '%colour%').executeTakeFirstOrThrow();
    assert.equal(Number(exports.n), 0, 'nothing is queued');
  });
});
