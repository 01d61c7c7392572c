import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { parseJsonArray } from '../../values/record.ts';
import { appointments, booking, clinic, doctor, organization } from '../appointments/appointments.testkit.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted } from './fhir-http.testkit.ts';

describeEachDialect('FHIR R4: Appointment', (t) => {
  /** A clinic on India's clock with three appointments: two booked on 1 and 2 March 2030 (local days), one cancelled in April. */
  async function clinicWithAppointments() {
    const c = await clinic(t(), { org: await organization(t(), { timezone: 'Asia/Kolkata' }) });
    const second = await doctor(t(), c.org);
    const book = async (data: Record<string, unknown>) => (ok(await appointments(t())('create', booking(c, data), c.doctor.token)) as { item: { id: string } }).item.id;
    const first = await book({ reason: 'Fever', notes: 'Bring reports' });
    // 03:00 in Kolkata on 2 March is 21:30 UTC on 1 March: the day searched is the organization's.
    const early = await book({ patientId: c.signedPatient.id, doctorId: second.userId, scheduledDate: '2030-03-02', scheduledTime: '03:00', duration: 15 });
    const cancelled = await book({ scheduledDate: '2030-04-10', scheduledTime: '09:00' });
    ok(await appointments(t())('cancel', { organizationId: c.org, id: cancelled, reason: 'travelling' }, c.doctor.token));
    return { c, second, first, early, cancelled, as: { token: c.doctor.token, organizationId: c.org } };
  }

  test('read: the Appointment, field by field, its times on the organization\'s clock', async () => {
    const { c, first, as } = await clinicWithAppointments();
    const answer = await fhir(t(), 'GET', `/Appointment/${first}`, as);
    assert.equal(answer.status, 200);
    const { meta, created, ...resource } = answer.body;
    assert.match(meta.lastUpdated, /^\d{4}-\d{2}-\d{2}T/);
    assert.match(created, /^\d{4}-\d{2}-\d{2}$/);
    assert.deepEqual(resource, {
      resourceType: 'Appointment',
      id: first,
      status: 'booked',
      appointmentType: { text: 'consultation' },
      description: 'Fever',
      comment: 'Bring reports',
      start: '2030-03-01T04:30:00.000Z',
      end: '2030-03-01T05:00:00.000Z',
      minutesDuration: 30,
      participant: [
        { actor: { reference: `Patient/${c.patient}` }, status: 'accepted' },
        { actor: { reference: `Practitioner/${c.doctor.userId}` }, status: 'accepted' },
      ],
    });
    const elsewhere = await clinicWithAppointments();
    assertOutcome(await fhir(t(), 'GET', `/Appointment/${elsewhere.first}`, as), 404);
  });

  test('search: _id, patient, practitioner, date with prefixes (local days), status, _lastUpdated', async () => {
    const { c, second, first, early, cancelled, as } = await clinicWithAppointments();
    await clinicWithAppointments();
    const search = async (query: string) => idsOf(await searchset(t(), `/Appointment?${query}`, as));

    assert.deepEqual(await search(''), sorted(first, early, cancelled));
    assert.deepEqual(await search(`_id=${early}`), [early]);
    assert.deepEqual(await search(`patient=Patient/${c.patient}`), sorted(first, cancelled));
    assert.deepEqual(await search(`patient=${c.signedPatient.id}`), [early]);
    assert.deepEqual(await search(`practitioner=Practitioner/${second.userId}`), [early]);
    assert.deepEqual(await search(`practitioner=${c.doctor.userId}&patient=${c.signedPatient.id}`), []);
    assert.deepEqual(await search('date=2030-03-02'), [early]);
    assert.deepEqual(await search('date=2030-03-01'), [first]);
    assert.deepEqual(await search('date=2030-03'), sorted(first, early));
    assert.deepEqual(await search('date=ge2030-03-02'), sorted(early, cancelled));
    assert.deepEqual(await search('date=gt2030-03'), [cancelled]);
    assert.deepEqual(await search('date=lt2030-03-02'), [first]);
    assert.deepEqual(await search('date=le2030-03-02'), sorted(first, early));
    assert.deepEqual(await search('date=ne2030-03'), [cancelled]);
    assert.deepEqual(await search('date=sa2030-02&date=eb2030-03-02'), [first]);
    assert.deepEqual(await search('status=booked'), sorted(first, early));
    assert.deepEqual(await search('status=http://hl7.org/fhir/appointmentstatus|cancelled'), [cancelled]);
    assert.deepEqual(await search('status=fulfilled,noshow'), []);
    assert.deepEqual(await search('status=cancelled,booked&date=2030-04'), [cancelled]);
    assert.deepEqual(await search(`_lastUpdated=ge${new Date(Date.now() - 3_600_000).toISOString().slice(0, 19)}Z`), sorted(first, early, cancelled));
    assert.deepEqual(await search('_lastUpdated=lt2020'), []);
    for (const [bad, named] of [['status=done', /done is not one of/], ['status=http://other|booked', /system must be/], ['date=2030-03-02T10:00Z', /must be a date/], ['patient=Practitioner/x', /Patient\/\{id\}/], ['_include=Appointment:location', /_include: must be one of Appointment:patient, Appointment:practitioner/]] as const) {
      assertOutcome(await fhir(t(), 'GET', `/Appointment?${bad}`, as), 400, named);
    }
  });

  test('_include: the patients and practitioners of the page, one query per type, marked include', async () => {
    const { c, second, first, early, as } = await clinicWithAppointments();
    const both = await searchset(t(), '/Appointment?date=2030-03&_include=Appointment:patient&_include=Appointment:practitioner', as);
    assert.deepEqual(idsOf(both), sorted(first, early));
    assert.deepEqual(idsOf(both, 'include'), sorted(c.patient, c.signedPatient.id, c.doctor.userId, second.userId));
    const types = both.entry.filter((entry: { search: { mode: string } }) => entry.search.mode === 'include').map((entry: { resource: { resourceType: string } }) => entry.resource.resourceType).sort();
    assert.deepEqual(types, ['Patient', 'Patient', 'Practitioner', 'Practitioner']);
    assert.ok(both.entry.every((entry: { fullUrl: string; resource: { resourceType: string; id: string } }) => entry.fullUrl.endsWith(`/fhir/R4/${entry.resource.resourceType}/${entry.resource.id}`)));
    assert.match(both.link[0].url, /_include=Appointment%3Apatient&_include=Appointment%3Apractitioner/);

    // Only what the page refers to; the next page includes its own.
    const paged = await searchset(t(), '/Appointment?date=2030-03&_include=Appointment:patient&_count=1', as);
    assert.deepEqual(idsOf(paged), [first]);
    assert.deepEqual(idsOf(paged, 'include'), [c.patient]);
    const next = paged.link.find((link: { relation: string }) => link.relation === 'next').url;
    const second_page = await searchset(t(), next, as);
    assert.deepEqual(idsOf(second_page), [early]);
    assert.deepEqual(idsOf(second_page, 'include'), [c.signedPatient.id]);
    // A patient of two appointments is included once.
    const once = await searchset(t(), `/Appointment?patient=${c.patient}&_include=Appointment:patient`, as);
    assert.deepEqual(idsOf(once, 'include'), [c.patient]);
    // _elements keeps what is named and what an Appointment must have (status, participant); included resources stay whole.
    const subset = await searchset(t(), `/Appointment?_id=${first}&_elements=start&_include=Appointment:patient`, as);
    assert.deepEqual(Object.keys(subset.entry[0].resource).sort(), ['id', 'meta', 'participant', 'resourceType', 'start', 'status']);
    assert.equal(subset.entry[0].resource.meta.tag[0].code, 'SUBSETTED');
    assert.equal(subset.entry[1].resource.name[0].text, 'Asha Rao');
  });

  test('who may read: the roles that read appointments; a lab technician or a pharmacist 403', async () => {
    const { first, as } = await clinicWithAppointments();
    const { organizationId } = as;
    for (const role of ['doctor', 'nurse', 'receptionist', 'accountant', 'admin']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assert.equal((await fhir(t(), 'GET', `/Appointment/${first}`, { token, organizationId })).status, 200, role);
      assert.equal((await fhir(t(), 'GET', '/Appointment', { token, organizationId })).status, 200, role);
    }
    for (const role of ['lab_technician', 'pharmacist', 'hr']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/Appointment/${first}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'POST', '/Appointment/_search', { token, organizationId, form: '' }), 403);
    }
  });

  test('the read log: a read names the appointment\'s patient; a search its patients and those it included', async () => {
    const { c, first, as } = await clinicWithAppointments();
    const reader = await signIn(t(), { organizationId: as.organizationId, roles: ['receptionist'] });
    const by = { token: reader.token, organizationId: as.organizationId };
    assert.equal((await fhir(t(), 'GET', `/Appointment/${first}`, by)).status, 200);
    assert.equal((await fhir(t(), 'GET', '/Appointment?date=2030-03&_include=Appointment:patient&_elements=status', by)).status, 200);
    assert.equal((await fhir(t(), 'GET', '/Practitioner', by)).status, 200);
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', as.organizationId).where('actorIdpUserId', '=', reader.idpUserId).execute();
    const byOperation = new Map(reads.map((read) => [read.operation, parseJsonArray(read.patientIds).sort()]));
    assert.deepEqual([...byOperation.keys()].sort(), ['fhir.readAppointment', 'fhir.searchAppointment']);
    assert.deepEqual(byOperation.get('fhir.readAppointment'), [c.patient]);
    assert.deepEqual(byOperation.get('fhir.searchAppointment'), sorted(c.patient, c.signedPatient.id));
  });
});
