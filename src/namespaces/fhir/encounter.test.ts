import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { parseJsonArray } from '../../values/record.ts';
import { itemOf, kit } from '../admissions/admissions.testkit.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted } from './fhir-http.testkit.ts';

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
