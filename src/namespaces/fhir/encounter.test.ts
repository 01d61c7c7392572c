import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { parseJsonArray } from '../../values/record.ts';
import { itemOf, kit } from '../admissions/admissions.testkit.ts';
import { allPages, assertOutcome, fhir, idsOf, searchset, sorted } from './fhir-http.testkit.ts';

describeEachDialect('FHIR R4: Encounter', (t) => {
  const k = kit(t);

  /** A hospital with three admissions: one requested (planned), one admitted (in progress), one cancelled. */
  async function hospitalWithAdmissions() {
    const h = await k.hospital();
    const other = await signIn(t(), { organizationId: h.organizationId, roles: ['doctor'] });
    const otherPatient = await k.patient(h.organizationId, 'Ravi Kumar');
    const requested = itemOf(await k.admit(h, { admissionReason: 'Observation' })).id as string;
    const admitted = itemOf(await k.admit(h, { patientId: otherPatient, admittingDoctorId: other.userId })).id as string;
    ok(await k.call('admissions', 'admit', { organizationId: h.organizationId, id: admitted, bedId: await k.bed(h) }, h.receptionist.token));
    const cancelled = itemOf(await k.admit(h)).id as string;
    ok(await k.call('admissions', 'cancel', { organizationId: h.organizationId, id: cancelled, reason: 'went home' }, h.receptionist.token));
    // Times the date search can tell apart: requested in January 2030, admitted on 1 February 2030, cancelled (requested) in March.
    const set = (id: string, times: { requestedAt?: number; admittedAt?: number }) => t().database.db.updateTable('admissions').set(times).where('id', '=', id).execute();
    await set(requested, { requestedAt: Date.UTC(2030, 0, 5, 10) });
    await set(admitted, { requestedAt: Date.UTC(2030, 0, 31, 9), admittedAt: Date.UTC(2030, 1, 1, 20, 15) });
    await set(cancelled, { requestedAt: Date.UTC(2030, 2, 3, 8) });
    return { h, other, otherPatient, requested, admitted, cancelled, as: { token: h.doctor.token, organizationId: h.organizationId } };
  }

  /**
   * The same hospital with three visits besides its admissions: one checked in (arrived), one in
   * consultation (in progress), one completed (finished), and a booking not yet visited (no Encounter).
   * Their steps' times are set in their history: checked in on 20 January, 10 February, 10 March 2030.
   */
  async function hospitalWithVisits() {
    const admissions = await hospitalWithAdmissions();
    const { h, other, otherPatient } = admissions;
    const book = async (data: Record<string, unknown>, steps: string[]) => {
      const booked = itemOf(await k.call('appointments', 'create', { organizationId: h.organizationId, patientId: h.patientId, doctorId: h.doctor.userId, scheduledDate: '2025-06-02', scheduledTime: '10:00', duration: 30, type: 'consultation', ...data }, h.receptionist.token)).id as string;
      for (const step of steps) ok(await k.call('appointments', step, { organizationId: h.organizationId, id: booked }, step === 'checkIn' ? h.receptionist.token : h.doctor.token));
      return booked;
    };
    const arrived = await book({ scheduledTime: '09:00' }, ['checkIn']);
    const inConsultation = await book({ patientId: otherPatient, doctorId: other.userId, scheduledTime: '11:00' }, ['checkIn', 'start']);
    const finished = await book({ scheduledTime: '12:00', reason: 'Cough' }, ['checkIn', 'start', 'complete']);
    const booked = await book({ scheduledTime: '13:00' }, []);
    const stepsAt = async (id: string, times: Record<string, number>) => {
      const { history } = await t().database.db.selectFrom('appointments').select('history').where('id', '=', id).executeTakeFirstOrThrow();
      const entries = (JSON.parse(String(history)) as { operation: string; at: number }[]).map((entry) => ({ ...entry, at: times[entry.operation] ?? entry.at }));
      await t().database.db.updateTable('appointments').set({ history: JSON.stringify(entries) }).where('id', '=', id).execute();
    };
    await stepsAt(arrived, { checkIn: Date.UTC(2030, 0, 20, 8) });
    await stepsAt(inConsultation, { checkIn: Date.UTC(2030, 1, 10, 9), start: Date.UTC(2030, 1, 10, 9, 30) });
    await stepsAt(finished, { checkIn: Date.UTC(2030, 2, 10, 10), start: Date.UTC(2030, 2, 10, 10, 10), complete: Date.UTC(2030, 2, 10, 10, 40) });
    return { ...admissions, arrived, inConsultation, finished, booked };
  }

  test('read: a visit (an appointment checked in, started or completed) as an ambulatory Encounter, field by field; a booking not visited is none', async () => {
    const { h, other, otherPatient, arrived, inConsultation, finished, booked, as } = await hospitalWithVisits();
    const read = async (id: string) => {
      const answer = await fhir(t(), 'GET', `/Encounter/${id}`, as);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const { meta, ...encounter } = answer.body;
      assert.match(meta.lastUpdated, /^\d{4}-\d{2}-\d{2}T/);
      return encounter;
    };
    const ambulatory = { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' };
    assert.deepEqual(await read(finished), {
      resourceType: 'Encounter',
      id: finished,
      status: 'finished',
      class: ambulatory,
      subject: { reference: `Patient/${h.patientId}` },
      participant: [{ individual: { reference: `Practitioner/${h.doctor.userId}` } }],
      appointment: [{ reference: `Appointment/${finished}` }],
      period: { start: '2030-03-10T10:00:00.000Z', end: '2030-03-10T10:40:00.000Z' },
      reasonCode: [{ text: 'Cough' }],
    });
    assert.deepEqual(await read(inConsultation), {
      resourceType: 'Encounter',
      id: inConsultation,
      status: 'in-progress',
      class: ambulatory,
      subject: { reference: `Patient/${otherPatient}` },
      participant: [{ individual: { reference: `Practitioner/${other.userId}` } }],
      appointment: [{ reference: `Appointment/${inConsultation}` }],
      period: { start: '2030-02-10T09:00:00.000Z' },
    });
    assert.equal((await read(arrived)).status, 'arrived');
    // The visit's id is its appointment's: the Appointment is still read by it.
    assert.equal((await fhir(t(), 'GET', `/Appointment/${arrived}`, as)).body.status, 'checked-in');
    assertOutcome(await fhir(t(), 'GET', `/Encounter/${booked}`, as), 404);
  });

  test('search over admissions and visits: every parameter, class, and paging to the end', async () => {
    const { h, other, otherPatient, requested, admitted, cancelled, arrived, inConsultation, finished, as } = await hospitalWithVisits();
    const search = async (query: string) => idsOf(await searchset(t(), `/Encounter?${query}`, as));
    const admissions = sorted(requested, admitted, cancelled);
    const visits = sorted(arrived, inConsultation, finished);
    const all = sorted(...admissions, ...visits);

    assert.deepEqual(await search(''), all);
    assert.deepEqual(await search('class=AMB'), visits);
    assert.deepEqual(await search('class=http://terminology.hl7.org/CodeSystem/v3-ActCode|IMP'), admissions);
    assert.deepEqual(await search('class=IMP,AMB'), all);
    assert.deepEqual(await search(`_id=${arrived},${admitted}`), sorted(arrived, admitted));
    assert.deepEqual(await search(`patient=Patient/${h.patientId}`), sorted(requested, cancelled, arrived, finished));
    assert.deepEqual(await search(`patient=${otherPatient}&class=AMB`), [inConsultation]);
    assert.deepEqual(await search(`practitioner=${other.userId}`), sorted(admitted, inConsultation));
    // A visit starts when checked in: 20 January, 10 February, 10 March.
    assert.deepEqual(await search('date=2030-01'), sorted(requested, arrived));
    assert.deepEqual(await search('date=2030-02-10'), [inConsultation]);
    assert.deepEqual(await search('date=ge2030-03'), sorted(cancelled, finished));
    assert.deepEqual(await search('date=lt2030-03-10T10:00Z'), sorted(requested, admitted, cancelled, arrived, inConsultation));
    assert.deepEqual(await search('date=le2030-03-10T10:00Z&class=AMB'), visits);
    assert.deepEqual(await search('status=arrived'), [arrived]);
    assert.deepEqual(await search('status=in-progress'), sorted(admitted, inConsultation));
    assert.deepEqual(await search('status=finished'), [finished]);
    assert.deepEqual(await search('status=planned,cancelled&class=AMB'), []);
    assert.deepEqual(await search('_lastUpdated=lt2020'), []);
    assert.deepEqual(await search(`_lastUpdated=ge${new Date(Date.now() - 3_600_000).toISOString().slice(0, 10)}`), all);
    for (const bad of ['class=EMER', 'class=http://hl7.org/fhir/encounter-status|AMB']) assertOutcome(await fhir(t(), 'GET', `/Encounter?${bad}`, as), 400);

    // Keyset paging by id over the two tables: every Encounter once, in id order, whatever the page size.
    for (const count of [1, 2, 4]) {
      const paged = await allPages(t(), `/Encounter?_count=${count}`, as);
      assert.deepEqual(paged.ids, all, `_count=${count}`);
      assert.equal(paged.pages, Math.ceil(all.length / count));
      assert.deepEqual(new Set(paged.totals), new Set([all.length]));
    }
    const filtered = await allPages(t(), `/Encounter?patient=${h.patientId}&_count=1`, as);
    assert.deepEqual(filtered.ids, sorted(requested, cancelled, arrived, finished));
  });

  test('read: an admission as an inpatient Encounter, field by field', async () => {
    const { other, otherPatient, admitted, as } = await hospitalWithAdmissions();
    const answer = await fhir(t(), 'GET', `/Encounter/${admitted}`, as);
    assert.equal(answer.status, 200);
    const { meta, ...encounter } = answer.body;
    assert.match(meta.lastUpdated, /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(encounter, {
      resourceType: 'Encounter',
      id: admitted,
      status: 'in-progress',
      class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'IMP', display: 'inpatient encounter' },
      subject: { reference: `Patient/${otherPatient}` },
      participant: [{ individual: { reference: `Practitioner/${other.userId}` } }],
      period: { start: '2030-02-01T20:15:00.000Z' },
      reasonCode: [{ text: 'Fever' }],
    });
    const elsewhere = await hospitalWithAdmissions();
    assertOutcome(await fhir(t(), 'GET', `/Encounter/${elsewhere.admitted}`, as), 404);
  });

  test('search: _id, patient, practitioner, date (the start of the period) with prefixes and instants, status, _lastUpdated', async () => {
    const { h, other, otherPatient, requested, admitted, cancelled, as } = await hospitalWithAdmissions();
    const search = async (query: string) => idsOf(await searchset(t(), `/Encounter?${query}`, as));

    assert.deepEqual(await search(''), sorted(requested, admitted, cancelled));
    assert.deepEqual(await search(`_id=${requested},${cancelled}`), sorted(requested, cancelled));
    assert.deepEqual(await search(`patient=Patient/${h.patientId}`), sorted(requested, cancelled));
    assert.deepEqual(await search(`patient=${otherPatient}`), [admitted]);
    assert.deepEqual(await search(`practitioner=${other.userId}`), [admitted]);
    assert.deepEqual(await search(`practitioner=Practitioner/${h.doctor.userId}`), sorted(requested, cancelled));
    // The admitted one starts when admitted (1 February), not when requested (31 January).
    assert.deepEqual(await search('date=2030-01'), [requested]);
    assert.deepEqual(await search('date=2030-02-01'), [admitted]);
    assert.deepEqual(await search('date=ge2030-02'), sorted(admitted, cancelled));
    assert.deepEqual(await search('date=lt2030-02-01T20:15:00Z'), [requested]);
    assert.deepEqual(await search('date=le2030-02-01T20:15Z'), sorted(requested, admitted));
    assert.deepEqual(await search('date=gt2030-01-05T10:00:00Z&date=lt2030-03'), [admitted]);
    assert.deepEqual(await search('status=planned'), [requested]);
    assert.deepEqual(await search('status=in-progress,cancelled'), sorted(admitted, cancelled));
    assert.deepEqual(await search('status=http://hl7.org/fhir/encounter-status|finished'), []);
    assert.deepEqual(await search('_lastUpdated=lt2020'), []);
    assert.deepEqual(await search(`_lastUpdated=ge${new Date(Date.now() - 3_600_000).toISOString().slice(0, 10)}`), sorted(requested, admitted, cancelled));
    // An _include the type does not list (include.test.ts has those it does).
    for (const bad of ['status=admitted', 'date=2030-02-30', 'practitioner=Patient/x', '_include=Encounter:location']) {
      assertOutcome(await fhir(t(), 'GET', `/Encounter?${bad}`, as), 400);
    }
  });

  test('who may read: the roles that read admissions; a pharmacist or a lab technician 403; the read log names the patients', async () => {
    const { h, otherPatient, admitted, as } = await hospitalWithAdmissions();
    const { organizationId } = as;
    for (const role of ['doctor', 'nurse', 'receptionist', 'accountant', 'admin']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assert.equal((await fhir(t(), 'GET', `/Encounter/${admitted}`, { token, organizationId })).status, 200, role);
      assert.equal((await fhir(t(), 'GET', '/Encounter', { token, organizationId })).status, 200, role);
    }
    for (const role of ['pharmacist', 'lab_technician', 'stylist']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/Encounter/${admitted}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'GET', '/Encounter', { token, organizationId }), 403);
    }

    const reader = await signIn(t(), { organizationId, roles: ['nurse'] });
    assert.equal((await fhir(t(), 'GET', `/Encounter/${admitted}`, { token: reader.token, organizationId })).status, 200);
    assert.equal((await fhir(t(), 'GET', '/Encounter?_summary=count', { token: reader.token, organizationId })).status, 200);
    assert.equal((await fhir(t(), 'GET', '/Encounter?_elements=status', { token: reader.token, organizationId })).status, 200);
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', organizationId).where('actorIdpUserId', '=', reader.idpUserId).orderBy('at').execute();
    const patients = reads.map((read) => [read.operation, parseJsonArray(read.patientIds).sort()]);
    assert.deepEqual(patients.filter(([operation]) => operation === 'fhir.readEncounter'), [['fhir.readEncounter', [otherPatient]]]);
    // The count answered no patient; the subsetted page named both.
    const searched = patients.filter(([operation]) => operation === 'fhir.searchEncounter').map(([, ids]) => JSON.stringify(ids));
    assert.deepEqual(searched.sort(), [JSON.stringify(sorted(h.patientId, otherPatient)), '[]'].sort());
  });
});
