import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect } from '../../../test/harness.ts';
import { parseScopes } from '../../caller/smart-scopes.ts';
import { newId } from '../../values/ids.ts';
import { parseJsonArray } from '../../values/record.ts';
import { itemOf } from '../admissions/admissions.testkit.ts';
import { billingKit } from '../billing/billing.testkit.ts';
import { orderInput } from '../labOrders/labOrders.testkit.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted, type Json } from './fhir-http.testkit.ts';
import { MAX_REVINCLUDED } from './search/engine.ts';
import { assertMaySearch } from './search/included-access.ts';

/** The entries of a search mode as `{type}/{id}`, sorted. */
const entriesOf = (bundle: Json, mode: 'include' | 'outcome' = 'include'): string[] =>
  (bundle.entry ?? [])
    .filter((entry: Json) => entry.search.mode === mode)
    .map((entry: Json) => `${entry.resource.resourceType}/${entry.resource.id}`)
    .sort();

describeEachDialect('FHIR R4: _include and _revinclude', (t) => {
  const b = billingKit(t);

  /**
   * A hospital: `stay`, an admission of the first patient with a charge, a lab order and its report;
   * `theirs`, an admission of another patient with a charge, invoiced. The same doctor admits both.
   */
  async function hospital() {
    const h = await b.gstHospital();
    const { organizationId } = h;
    const otherPatient = await b.patient(organizationId, 'Ravi Kumar');
    const stay = itemOf(await b.admit(h, { status: 'ADMITTED' })).id as string;
    const charge = (await b.addCharge(h, stay, { price: 100, taxPercent: 0 })).id as string;
    const theirs = itemOf(await b.admit(h, { status: 'ADMITTED', patientId: otherPatient })).id as string;
    const theirCharge = (await b.addCharge(h, theirs, { price: 250, taxPercent: 0 })).id as string;
    const invoice = itemOf(await b.invoiceAdmission(h, theirs)).id as string;
    const order = itemOf(await t().call('labOrders', 'create', orderInput({ organizationId, patientId: h.patientId }, { doctorId: h.doctor.userId }))).id as string;
    const report = itemOf(await t().call('labResultFiles', 'create', { organizationId, labOrderId: order, fileId: `files/${order}`, fileName: 'cbc.pdf', fileSize: 100, mimeType: 'application/pdf' })).id as string;
    const admin = await signIn(t(), { organizationId, roles: ['admin'] });
    return { h, otherPatient, stay, charge, theirs, theirCharge, invoice, order, report, as: { token: admin.token, organizationId } };
  }

  test('_include of each type: the resources its rows refer to, each once, of search mode include', async () => {
    const { h, otherPatient, stay, theirs, charge, invoice, order, report, as } = await hospital();
    const doctor = h.doctor.userId;
    const search = (query: string) => searchset(t(), query, as);

    const encounters = await search(`/Encounter?_include=Encounter:patient&_include=Encounter:practitioner`);
    assert.deepEqual(idsOf(encounters), sorted(stay, theirs));
    // Both admitted by the same doctor: one Practitioner.
    assert.deepEqual(entriesOf(encounters), sorted(`Patient/${h.patientId}`, `Patient/${otherPatient}`, `Practitioner/${doctor}`));
    assert.deepEqual(entriesOf(await search('/Encounter?_include=Encounter:patient&_id=' + theirs)), [`Patient/${otherPatient}`]);

    const charges = await search(`/ChargeItem?patient=${h.patientId}&_include=ChargeItem:account&_include=ChargeItem:patient`);
    assert.deepEqual(idsOf(charges), [charge]);
    assert.deepEqual(entriesOf(charges), sorted(`Account/${stay}`, `Patient/${h.patientId}`));
    assert.deepEqual(entriesOf(await search(`/Account?_id=${theirs}&_include=Account:patient`)), [`Patient/${otherPatient}`]);
    assert.deepEqual(entriesOf(await search('/Invoice?_include=Invoice:patient')), [`Patient/${otherPatient}`]);
    assert.deepEqual(idsOf(await search('/Invoice?_include=Invoice:patient')), [invoice]);
    assert.deepEqual(entriesOf(await search('/ServiceRequest?_include=ServiceRequest:patient&_include=ServiceRequest:requester')), sorted(`Patient/${h.patientId}`, `Practitioner/${doctor}`));
    // The report's patient is its order's.
    const reports = await search('/DiagnosticReport?_include=DiagnosticReport:patient');
    assert.deepEqual([idsOf(reports), entriesOf(reports)], [[report], [`Patient/${h.patientId}`]]);
    assert.deepEqual(entriesOf(await search(`/PractitionerRole?_id=${doctor}&_include=PractitionerRole:practitioner`)), [`Practitioner/${doctor}`]);
    // Without _include nothing is added; the order is in no include of its own.
    assert.deepEqual(entriesOf(await search('/ServiceRequest')), []);
    assert.deepEqual(idsOf(await search('/ServiceRequest')), [order]);
  });

  test('_revinclude: the resources whose reference parameter names a resource of the page, of search mode include', async () => {
    const { h, stay, charge, theirCharge, report, as } = await hospital();
    const doctor = h.doctor.userId;
    const search = (query: string) => searchset(t(), query, as);

    const patients = await search(`/Patient?_id=${h.patientId}&_revinclude=Encounter:patient&_revinclude=DiagnosticReport:patient&_revinclude=Invoice:patient`);
    assert.deepEqual(idsOf(patients), [h.patientId]);
    // The report refers to its patient through its order (the parameter's own condition); the invoice is the other patient's.
    assert.deepEqual(entriesOf(patients), sorted(`Encounter/${stay}`, `DiagnosticReport/${report}`));
    assert.deepEqual(entriesOf(await search(`/Practitioner?_id=${doctor}&_revinclude=PractitionerRole:practitioner`)), [`PractitionerRole/${doctor}`]);
    assert.deepEqual(entriesOf(await search(`/Encounter?_id=${stay}&_revinclude=ChargeItem:context`)), [`ChargeItem/${charge}`]);
    assert.deepEqual(entriesOf(await search(`/Account?_revinclude=ChargeItem:account`)), sorted(`ChargeItem/${charge}`, `ChargeItem/${theirCharge}`));
    // With _include too: both, after the matches.
    const both = await search(`/Encounter?_id=${stay}&_include=Encounter:patient&_revinclude=ChargeItem:context`);
    assert.deepEqual(both.entry.map((entry: Json) => `${entry.search.mode} ${entry.resource.resourceType}/${entry.resource.id}`), [`match Encounter/${stay}`, `include Patient/${h.patientId}`, `include ChargeItem/${charge}`]);
    // The self link carries _revinclude, so the next page includes alike.
    const paged = await search(`/Account?_count=1&_revinclude=ChargeItem:account`);
    const next = paged.link.find((link: Json) => link.relation === 'next').url as string;
    assert.match(next, /_revinclude=ChargeItem%3Aaccount/);
    assert.deepEqual(entriesOf(await search(next)).length, 1);
  });

  test('nothing of another organization is included, even where a row names it', async () => {
    const mine = await hospital();
    const theirs = await hospital();
    const db = t().database.db;
    // Rows of the other organization that name this one's records (as no operation writes them).
    await db.updateTable('admissions').set({ patientId: mine.h.patientId, admittingDoctorId: mine.h.doctor.userId }).where('id', '=', theirs.stay).execute();
    await db.updateTable('admissionCharges').set({ admissionId: mine.stay, patientId: mine.h.patientId }).where('id', '=', theirs.charge).execute();

    const search = (query: string, as: { token: string; organizationId: string }) => searchset(t(), query, as);
    assert.deepEqual(entriesOf(await search(`/Patient?_id=${mine.h.patientId}&_revinclude=Encounter:patient&_revinclude=ChargeItem:patient`, mine.as)), sorted(`Encounter/${mine.stay}`, `ChargeItem/${mine.charge}`));
    assert.deepEqual(entriesOf(await search(`/Encounter?_id=${mine.stay}&_revinclude=ChargeItem:context`, mine.as)), [`ChargeItem/${mine.charge}`]);
    assert.deepEqual(entriesOf(await search(`/Practitioner?_revinclude=Encounter:practitioner&_id=${mine.h.doctor.userId}`, mine.as)), sorted(`Encounter/${mine.stay}`, `Encounter/${mine.theirs}`));
    const foreign = await search(`/Encounter?_id=${theirs.stay}&_include=Encounter:patient&_include=Encounter:practitioner`, theirs.as);
    assert.deepEqual([idsOf(foreign), entriesOf(foreign)], [[theirs.stay], []]);
    assert.deepEqual(entriesOf(await search(`/ChargeItem?_id=${theirs.charge}&_include=ChargeItem:account&_include=ChargeItem:patient`, theirs.as)), []);
  });

  test(`the bound: at most ${MAX_REVINCLUDED} resources revincluded a page, all _revincludes together; the Bundle says what was left out`, async () => {
    const { h, stay, charge, as } = await hospital();
    const db = t().database.db;
    const row = await db.selectFrom('admissionCharges').selectAll().where('id', '=', charge).executeTakeFirstOrThrow();
    await db.insertInto('admissionCharges').values(Array.from({ length: MAX_REVINCLUDED }, () => ({ ...row, id: newId() }))).execute();

    const bounded = await searchset(t(), `/Encounter?_id=${stay}&_revinclude=ChargeItem:context`, as);
    assert.equal(entriesOf(bounded).length, MAX_REVINCLUDED);
    assert.ok(entriesOf(bounded).every((entry) => entry.startsWith('ChargeItem/')));
    const [outcome] = bounded.entry.filter((entry: Json) => entry.search.mode === 'outcome');
    assert.equal(outcome.resource.resourceType, 'OperationOutcome');
    assert.deepEqual(outcome.resource.issue.map((issue: Json) => [issue.severity, issue.code]), [['warning', 'incomplete']]);
    assert.match(outcome.resource.issue[0].diagnostics, /_revinclude=ChargeItem:context: more ChargeItem resources .* than the 100 a page includes; 100 are included/);

    // Two _revincludes share the bound: the charges fill it, the admission is left out and said so.
    const shared = await searchset(t(), `/Patient?_id=${h.patientId}&_revinclude=ChargeItem:patient&_revinclude=Encounter:patient`, as);
    assert.equal(entriesOf(shared).length, MAX_REVINCLUDED);
    const issues = shared.entry.find((entry: Json) => entry.search.mode === 'outcome').resource.issue.map((issue: Json) => issue.diagnostics as string);
    assert.deepEqual(issues.map((text: string) => text.split(':')[0]), ['_revinclude=ChargeItem', '_revinclude=Encounter']);
    assert.match(issues[1], /; 0 are included/);
    // Under the bound, no outcome.
    assert.deepEqual(entriesOf(await searchset(t(), `/Encounter?_id=${stay}`, as), 'outcome'), []);
  });

  test('refusals: an unknown _revinclude is 400; including a type the caller may not search is 403', async () => {
    const { stay, h, as } = await hospital();
    const { organizationId } = as;
    assertOutcome(await fhir(t(), 'GET', '/Patient?_revinclude=Patient:link', as), 400, /must be one of .*Appointment:patient/);
    assertOutcome(await fhir(t(), 'GET', '/Encounter?_revinclude=ChargeItem:nope', as), 400, /ChargeItem:context/);
    assertOutcome(await fhir(t(), 'POST', '/Encounter/_search', { ...as, form: '_revinclude=Appointment:patient' }), 400);
    assertOutcome(await fhir(t(), 'GET', '/MedicationKnowledge?_revinclude=ChargeItem:account', as), 400, /no type refers to MedicationKnowledge/);
    assertOutcome(await fhir(t(), 'GET', '/Account?_include=Account:owner', as), 400);

    // A nurse reads admissions but not their charges; a lab technician patients but not admissions.
    const nurse = { token: (await signIn(t(), { organizationId, roles: ['nurse'] })).token, organizationId };
    assert.equal((await fhir(t(), 'GET', `/Encounter?_id=${stay}`, nurse)).status, 200);
    assertOutcome(await fhir(t(), 'GET', `/Encounter?_id=${stay}&_revinclude=ChargeItem:context`, nurse), 403, /_revinclude=ChargeItem:context: searching ChargeItem needs one of the roles/);
    const lab = { token: (await signIn(t(), { organizationId, roles: ['lab_technician'] })).token, organizationId };
    assertOutcome(await fhir(t(), 'GET', `/Patient?_id=${h.patientId}&_revinclude=Encounter:patient`, lab), 403, /searching Encounter/);
    assertOutcome(await fhir(t(), 'GET', '/ChargeItem?_include=ChargeItem:account&_revinclude=Invoice:patient', lab), 400);

    // A backend client: its scopes, as for a search of that type.
    const client = { kind: 'client' as const, clientId: 'c', organizationId, scopes: parseScopes('system/Appointment.read system/Encounter.rs')! };
    assert.doesNotThrow(() => assertMaySearch(client, organizationId, 'Encounter', '_include=Appointment:x'));
    assert.throws(() => assertMaySearch(client, organizationId, 'Patient', '_include=Appointment:patient'), /_include=Appointment:patient: the token's scopes do not allow searching Patient/);
  });

  test('the read log: resources of patient data included or revincluded are reads of their patients', async () => {
    const { h, otherPatient, stay, theirs, charge, as } = await hospital();
    const reader = await signIn(t(), { organizationId: as.organizationId, roles: ['accountant'] });
    const by = { token: reader.token, organizationId: as.organizationId };
    // The page is the doctor (no patient data); the admissions revincluded are of both patients.
    assert.equal(entriesOf(await searchset(t(), `/Practitioner?_id=${h.doctor.userId}&_revinclude=Encounter:practitioner`, by)).length, 2);
    // The charge's account, included, is a read of its patient too.
    assert.deepEqual(entriesOf(await searchset(t(), `/ChargeItem?_id=${charge}&_include=ChargeItem:account`, by)), [`Account/${stay}`]);
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('actorIdpUserId', '=', reader.idpUserId).execute();
    const byOperation = new Map(reads.map((read) => [read.operation, { patients: parseJsonArray(read.patientIds).sort(), records: parseJsonArray(read.recordIds).sort() }]));
    assert.deepEqual(byOperation.get('fhir.searchPractitioner'), { patients: sorted(h.patientId, otherPatient), records: sorted(stay, theirs) });
    assert.deepEqual(byOperation.get('fhir.searchChargeItem'), { patients: [h.patientId], records: sorted(charge, stay) });
  });
});
