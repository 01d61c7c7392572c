import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { parseJsonArray } from '../../values/record.ts';
import { appointments, booking, clinic, patient, type Clinic } from '../appointments/appointments.testkit.ts';
import { orderInput } from '../labOrders/labOrders.testkit.ts';
import { allPages, assertOutcome, fhir, idsOf, searchset, sorted } from './fhir-http.testkit.ts';

const idOf = (data: unknown) => (data as { item: { id: string } }).item.id;

describeEachDialect('FHIR R4: a patient\'s own account', (t) => {
  let slot = 0;

  /** A patient's records of each type: a booking, a visit (checked in), an admission, a lab order and its report. */
  async function recordsOf(c: Clinic, patientId: string) {
    const staff = { token: c.doctor.token };
    const receptionist = await signIn(t(), { organizationId: c.org, roles: ['receptionist'] });
    const book = async (data: Record<string, unknown>) => idOf(ok(await appointments(t())('create', booking(c, { patientId, scheduledTime: `${String(8 + slot++).padStart(2, '0')}:00`, ...data }), c.doctor.token)));
    const appointment = await book({});
    const visit = await book({ scheduledDate: '2025-06-02' });
    ok(await t().call('appointments', 'checkIn', { organizationId: c.org, id: visit }, { token: receptionist.token }));
    const admission = idOf(ok(await t().call('admissions', 'create', { organizationId: c.org, patientId, admittingDoctorId: c.doctor.userId, admissionReason: 'Fever' }, staff)));
    const order = idOf(ok(await t().call('labOrders', 'create', orderInput({ organizationId: c.org, patientId }), staff)));
    const report = idOf(
      ok(await t().call('labResultFiles', 'create', { organizationId: c.org, labOrderId: order, fileId: `files/${order}`, fileName: 'cbc.pdf', fileSize: 1000, mimeType: 'application/pdf', testName: 'Complete blood count' }, staff)),
    );
    return { Patient: [patientId], Appointment: sorted(appointment, visit), Encounter: sorted(visit, admission), ServiceRequest: [order], DiagnosticReport: [report], visit, admission };
  }

  const OWN_TYPES = ['Patient', 'Appointment', 'Encounter', 'ServiceRequest', 'DiagnosticReport'] as const;

  test('reads its own Appointment, Encounters (a visit, an admission), lab order and report without being a member; another patient\'s are 403', async () => {
    const c = await clinic(t());
    const staff = { token: c.doctor.token };
    const mine = await recordsOf(c, c.signedPatient.id);
    const theirs = await recordsOf(c, c.patient);

    const as = { token: await tokenFor(t(), c.signedPatient.idpUserId), organizationId: c.org };
    const reads = [
      ['Appointment', mine.Appointment[0]!, theirs.Appointment[0]!],
      ['Encounter', mine.visit, theirs.visit],
      ['Encounter', mine.admission, theirs.admission],
      ['ServiceRequest', mine.ServiceRequest[0]!, theirs.ServiceRequest[0]!],
      ['DiagnosticReport', mine.DiagnosticReport[0]!, theirs.DiagnosticReport[0]!],
    ] as const;
    for (const [type, own, other] of reads) {
      const read = await fhir(t(), 'GET', `/${type}/${own}`, as);
      assert.equal(read.status, 200, `${type}: ${JSON.stringify(read.body)}`);
      assert.equal(read.body.id, own);
      assertOutcome(await fhir(t(), 'GET', `/${type}/${other}`, as), 403);
      assertOutcome(await fhir(t(), 'GET', `/${type}/${own}`, { ...as, organizationId: `${c.org}-other` }), 403);
      // Staff read as before.
      assert.equal((await fhir(t(), 'GET', `/${type}/${other}`, { ...staff, organizationId: c.org })).status, 200);
    }

    await t().app.readLog.flush();
    const logged = await t().database.db.selectFrom('patientDataReads').select(['operation', 'patientIds']).where('actorIdpUserId', '=', c.signedPatient.idpUserId).orderBy('operation').execute();
    assert.deepEqual(
      logged.map((row) => [row.operation, row.patientIds]),
      ['fhir.readAppointment', 'fhir.readDiagnosticReport', 'fhir.readEncounter', 'fhir.readEncounter', 'fhir.readServiceRequest'].map((operation) => [operation, JSON.stringify([c.signedPatient.id])]),
    );
  });

  test('searches only its own records of each type it reads, whatever it sends; a second patient of the organization never appears; the read log names its own only', async () => {
    const c = await clinic(t());
    // The same account holds a second record (a family member's); the clinic's other patient is someone else.
    const family = await patient(t(), c.org, { name: 'Meera Kumar', idpUserId: c.signedPatient.idpUserId });
    const [own, ownFamily, theirs] = [await recordsOf(c, c.signedPatient.id), await recordsOf(c, family), await recordsOf(c, c.patient)];
    const as = { token: await tokenFor(t(), c.signedPatient.idpUserId), organizationId: c.org };
    const staff = { token: c.doctor.token, organizationId: c.org };

    for (const type of OWN_TYPES) {
      const expected = sorted(...own[type], ...ownFamily[type]);
      const paged = await allPages(t(), `/${type}?_count=1`, as);
      assert.deepEqual(paged.ids, expected, type);
      assert.deepEqual(new Set(paged.totals), new Set([expected.length]), `${type}: the total counts its own only`);
      const byPatient = type === 'Patient' ? '_id' : 'patient';
      // Naming another patient finds nothing (an empty Bundle), alone or beside its own.
      const other = await searchset(t(), `/${type}?${byPatient}=${c.patient}`, as);
      assert.equal(other.total, 0, type);
      assert.equal(other.entry, undefined, type);
      assert.deepEqual(idsOf(await searchset(t(), `/${type}?${byPatient}=${c.patient},${family}`, as)), sorted(...ownFamily[type]), type);
      assert.equal((await searchset(t(), `/${type}?_summary=count`, as)).total, expected.length, type);
      // POST _search is the same search.
      assert.deepEqual(idsOf(await searchset(t(), `/${type}?_count=100`, as)), expected);
      const posted = await fhir(t(), 'POST', `/${type}/_search`, { ...as, form: `${byPatient}=${c.patient}` });
      assert.equal(posted.body.total, 0, `${type} POST _search`);
      // Staff find the other patient's records too: they exist, the limit is the account's.
      const found = idsOf(await searchset(t(), `/${type}?_count=100`, staff));
      for (const id of theirs[type]) assert.ok(found.includes(id), `${type}: staff find ${id}`);
    }

    // It includes its own Patient records, not its doctors (Practitioner is staff's), and searches no other type.
    const included = await searchset(t(), '/Appointment?_include=Appointment:patient', as);
    assert.deepEqual(idsOf(included, 'include'), sorted(c.signedPatient.id, family));
    assertOutcome(await fhir(t(), 'GET', '/Appointment?_include=Appointment:practitioner', as), 403);
    for (const type of ['Practitioner', 'PractitionerRole', 'ChargeItem', 'Invoice', 'Location', 'AuditEvent']) assertOutcome(await fhir(t(), 'GET', `/${type}`, as), 403);
    // Only in the organization whose records it holds; an account linked to none searches nothing.
    assertOutcome(await fhir(t(), 'GET', '/Encounter', { ...as, organizationId: `${c.org}-other` }), 403);
    const stranger = { token: await tokenFor(t(), `stranger-${c.org}`), organizationId: c.org };
    assertOutcome(await fhir(t(), 'GET', '/Encounter', stranger), 403);

    await t().app.readLog.flush();
    const logged = await t().database.db.selectFrom('patientDataReads').select(['operation', 'patientIds']).where('actorIdpUserId', '=', c.signedPatient.idpUserId).execute();
    const searched = logged.filter((row) => row.operation.startsWith('fhir.search'));
    assert.deepEqual([...new Set(searched.map((row) => row.operation))].sort(), OWN_TYPES.map((type) => `fhir.search${type}`).sort());
    const named = new Set(searched.flatMap((row) => parseJsonArray(row.patientIds)));
    assert.deepEqual([...named].sort(), sorted(c.signedPatient.id, family));
  });
});
