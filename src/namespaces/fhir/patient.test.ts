import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { parseJsonArray } from '../../values/record.ts';
import { assertOutcome, fhir, ids, type FhirAnswer, type Json } from './fhir-http.testkit.ts';
import { PATIENT_SEARCH_PARAMS, patientSearchInput } from './types/patient.ts';

describeEachDialect('FHIR R4: metadata, Patient read and search', (t) => {
  async function organization() {
    const organizationId = orgId();
    const doctor = await signIn(t(), { organizationId, roles: ['doctor'] });
    const create = async (data: Record<string, unknown>) => ok(await t().call('patients', 'create', { organizationId, ...data }, { token: doctor.token })).item as { id: string };
    return { organizationId, doctor, create };
  }

  test('metadata: a CapabilityStatement of what is implemented, public', async () => {
    const answer = await fhir(t(), 'GET', '/metadata');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.resourceType, 'CapabilityStatement');
    assert.equal(answer.body.fhirVersion, '4.0.1');
    assert.deepEqual(answer.body.format, ['json']);
    const [patient] = answer.body.rest[0].resource;
    assert.equal(patient.type, 'Patient');
    assert.deepEqual(patient.interaction.map((i: Json) => i.code), ['read', 'search-type', 'create']);
    assert.deepEqual(patient.searchParam.map((p: Json) => p.name), PATIENT_SEARCH_PARAMS.map((p) => p.name));
    // Each parameter stated is one the search takes.
    for (const { name } of PATIENT_SEARCH_PARAMS) assert.ok(name in patientSearchInput.shape, name);
    assert.equal((await fhir(t(), 'GET', '/metadata?_format=json')).status, 200);
  });

  test('read: the Patient, field by field from the record', async () => {
    const { organizationId, doctor, create } = await organization();
    const ana = await create({ name: 'Ana Maria Souza', dob: '1990-04-12', gender: 'F', mobileNumber: '+91 98765 43210', email: 'ana@example.test' });
    const answer = await fhir(t(), 'GET', `/Patient/${ana.id}`, { token: doctor.token, organizationId });
    assert.equal(answer.status, 200);
    const { meta, ...patient } = answer.body;
    assert.match(meta.lastUpdated, /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(patient, {
      resourceType: 'Patient',
      id: ana.id,
      active: true,
      name: [{ text: 'Ana Maria Souza' }],
      telecom: [{ system: 'phone', value: '+919876543210' }, { system: 'email', value: 'ana@example.test' }],
      gender: 'female',
      birthDate: '1990-04-12',
    });
  });

  test('search: each parameter, with date prefixes and modifiers, GET and POST _search alike', async () => {
    const { organizationId, doctor, create } = await organization();
    const ana = await create({ name: 'Ana Maria Souza', dob: '1990-04-12', gender: 'female', mobileNumber: '+919876543210' });
    const ben = await create({ name: 'Benito Anand', dob: '1985-12-31', gender: 'M', mobileNumber: '+919000000001' });
    const cy = await create({ name: 'Cy Young', dob: '1990-01-01', gender: 'nonbinary' });
    const dee = await create({ name: 'Dee' });
    const search = async (query: string) => {
      const answer = await fhir(t(), 'GET', `/Patient?${query}`, { token: doctor.token, organizationId });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.type, 'searchset');
      return ids(answer.body).sort();
    };
    const expect = (...patients: { id: string }[]) => patients.map((p) => p.id).sort();

    assert.deepEqual(await search(''), expect(ana, ben, cy, dee));
    assert.deepEqual(await search(`_id=${ben.id},${cy.id}`), expect(ben, cy));
    // name: a part of the name starts with the value, any case; :contains anywhere; :exact all of it.
    assert.deepEqual(await search('name=an'), expect(ana, ben));
    assert.deepEqual(await search('name=MARIA'), expect(ana));
    assert.deepEqual(await search('name=aria'), []);
    assert.deepEqual(await search('name:contains=aria'), expect(ana));
    assert.deepEqual(await search('name:exact=Dee'), expect(dee));
    assert.deepEqual(await search('name:exact=dee'), []);
    assert.deepEqual(await search('name=cy,dee'), expect(cy, dee));
    // birthdate at the precision given, with each prefix; twice is a range.
    assert.deepEqual(await search('birthdate=1990'), expect(ana, cy));
    assert.deepEqual(await search('birthdate=1990-04'), expect(ana));
    assert.deepEqual(await search('birthdate=eq1990-04-12'), expect(ana));
    assert.deepEqual(await search('birthdate=ne1990'), expect(ben));
    assert.deepEqual(await search('birthdate=gt1990-01-01'), expect(ana));
    assert.deepEqual(await search('birthdate=ge1990-01-01'), expect(ana, cy));
    assert.deepEqual(await search('birthdate=lt1990'), expect(ben));
    assert.deepEqual(await search('birthdate=le1990-01'), expect(ben, cy));
    assert.deepEqual(await search('birthdate=sa1989&birthdate=eb1990-02'), expect(cy));
    // gender as the Patient answers it (stored F / M / free text).
    assert.deepEqual(await search('gender=female'), expect(ana));
    assert.deepEqual(await search('gender=http://hl7.org/fhir/administrative-gender|male'), expect(ben));
    assert.deepEqual(await search('gender=other'), expect(cy));
    assert.deepEqual(await search('gender=unknown'), []);
    assert.deepEqual(await search('phone=%2B91 98765-43210'), expect(ana));
    assert.deepEqual(await search('name=an&gender=male'), expect(ben));

    const posted = await fhir(t(), 'POST', '/Patient/_search', { token: doctor.token, organizationId, form: 'name=an&birthdate=lt1990' });
    assert.equal(posted.status, 200);
    assert.deepEqual(ids(posted.body), [ben.id]);

    for (const bad of ['birthdate=1990-13', 'birthdate=xx1990', 'birthdate=1990-02-30', 'gender=f', 'phone=12', '_count=-1']) {
      assertOutcome(await fhir(t(), 'GET', `/Patient?${bad}`, { token: doctor.token, organizationId }), 400);
    }
    // Parameters it does not know: ignored, unless Prefer: handling=strict.
    assert.deepEqual(await search('name=dee&_sort=name&address=x'), expect(dee));
    assertOutcome(await fhir(t(), 'GET', '/Patient?address=x', { token: doctor.token, organizationId, headers: { prefer: 'handling=strict' } }), 400, /address/);
  });

  test('search: _lastUpdated, when the record last changed (dates as the organization\'s days, and instants)', async () => {
    const { organizationId, doctor, create } = await organization();
    const [ana, ben, cy] = [await create({ name: 'Ana' }), await create({ name: 'Ben' }), await create({ name: 'Cy' })];
    const changed = (id: string, updatedAt: number) => t().database.db.updateTable('patients').set({ updatedAt }).where('id', '=', id).execute();
    await changed(ana.id, Date.UTC(2030, 0, 10, 9));
    await changed(ben.id, Date.UTC(2030, 0, 10, 23, 59, 59));
    await changed(cy.id, Date.UTC(2030, 1, 1, 0, 0, 1));
    const search = async (query: string) => {
      const answer = await fhir(t(), 'GET', `/Patient?${query}`, { token: doctor.token, organizationId });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return ids(answer.body).sort();
    };
    const expect = (...patients: { id: string }[]) => patients.map((p) => p.id).sort();
    assert.equal((await fhir(t(), 'GET', `/Patient/${ben.id}`, { token: doctor.token, organizationId })).body.meta.lastUpdated, '2030-01-10T23:59:59.000Z');
    assert.deepEqual(await search('_lastUpdated=2030-01-10'), expect(ana, ben));
    assert.deepEqual(await search('_lastUpdated=gt2030-01-10T09:00Z'), expect(ben, cy));
    assert.deepEqual(await search('_lastUpdated=ge2030-02'), expect(cy));
    assert.deepEqual(await search('_lastUpdated=lt2030-01-10T23:59:59Z&name=a,b,c'), expect(ana));
    assert.deepEqual(await search('_lastUpdated=ne2030-01'), expect(cy));
    assertOutcome(await fhir(t(), 'GET', '/Patient?_lastUpdated=2030-01-10T25:00Z', { token: doctor.token, organizationId }), 400);
  });

  test('search pages to the end by the next links; _count is bounded', async () => {
    const { organizationId, doctor, create } = await organization();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push((await create({ name: `Page ${i}` })).id);
    const seen: string[] = [];
    let url: string | undefined = '/Patient?name=page&_count=3';
    let pages = 0;
    while (url) {
      const answer: FhirAnswer = await fhir(t(), 'GET', url, { token: doctor.token, organizationId });
      assert.equal(answer.status, 200);
      assert.equal(answer.body.total, 7);
      const self = answer.body.link.find((l: Json) => l.relation === 'self');
      assert.match(self.url, /^http:\/\/[^/]+\/fhir\/R4\/Patient\?name=page/);
      seen.push(...ids(answer.body));
      url = answer.body.link.find((l: Json) => l.relation === 'next')?.url;
      pages++;
    }
    assert.equal(pages, 3);
    assert.deepEqual(seen, [...created].sort());
    const big = await fhir(t(), 'GET', '/Patient?_count=1000', { token: doctor.token, organizationId });
    assert.match(big.body.link[0].url, /_count=100$/);
    const none = await fhir(t(), 'GET', '/Patient?_count=0', { token: doctor.token, organizationId });
    assert.equal(none.body.total, 7);
    assert.equal(none.body.entry, undefined);
  });

  test('who may read: clinical staff and the front desk; others 403, no token 401, another organization 404', async () => {
    const { organizationId, create } = await organization();
    const ana = await create({ name: 'Ana' });
    for (const role of ['doctor', 'nurse', 'receptionist', 'accountant']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assert.equal((await fhir(t(), 'GET', `/Patient/${ana.id}`, { token, organizationId })).status, 200, role);
      assert.equal((await fhir(t(), 'GET', '/Patient', { token, organizationId })).status, 200, role);
    }
    for (const role of ['hr', 'stylist']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/Patient/${ana.id}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'GET', '/Patient', { token, organizationId }), 403);
    }
    assertOutcome(await fhir(t(), 'GET', `/Patient/${ana.id}`, { organizationId }), 401);
    assertOutcome(await fhir(t(), 'GET', '/Patient', { organizationId, headers: { authorization: 'Bearer nonsense' } }), 401);

    // A doctor of another organization: its own organization does not hold the patient; Ana's it is not a member of.
    const other = await organization();
    assertOutcome(await fhir(t(), 'GET', `/Patient/${ana.id}`, { token: other.doctor.token, organizationId: other.organizationId }), 404);
    assert.deepEqual(ids((await fhir(t(), 'GET', `/Patient?_id=${ana.id}`, { token: other.doctor.token, organizationId: other.organizationId })).body), []);
    assertOutcome(await fhir(t(), 'GET', `/Patient/${ana.id}`, { token: other.doctor.token, organizationId }), 403);
    assertOutcome(await fhir(t(), 'GET', `/Patient/${ana.id}`, { token: other.doctor.token }), 400, /X-Organization-Id/);
  });

  test('errors are OperationOutcomes: unknown id 404, other methods 405, other formats 406, other bodies 415', async () => {
    const { organizationId, doctor } = await organization();
    const as = { token: doctor.token, organizationId };
    assertOutcome(await fhir(t(), 'GET', '/Patient/no-such-patient', as), 404);
    assertOutcome(await fhir(t(), 'GET', '/Observation', as), 404);
    const deleted = await fhir(t(), 'DELETE', '/Patient/x', as);
    assertOutcome(deleted, 405);
    assert.equal(deleted.headers.allow, 'GET');
    assertOutcome(await fhir(t(), 'PUT', '/metadata', as), 405);
    assertOutcome(await fhir(t(), 'GET', '/Patient?_format=xml', as), 406);
    assertOutcome(await fhir(t(), 'GET', '/metadata', { headers: { accept: 'application/fhir+xml' } }), 406);
    assert.equal((await fhir(t(), 'GET', '/metadata', { headers: { accept: 'application/fhir+json;q=0.9, */*;q=0.1' } })).status, 200);
    assertOutcome(await fhir(t(), 'POST', '/Patient/_search', { ...as, form: '{}', headers: { 'content-type': 'application/json' } }), 415);
  });

  test('the read log records each FHIR read and search, with the patients answered', async () => {
    const { organizationId, create } = await organization();
    const reader = await signIn(t(), { organizationId, roles: ['receptionist'] });
    const [ana, ben] = [await create({ name: 'Ana' }), await create({ name: 'Ben' })];
    assert.equal((await fhir(t(), 'GET', `/Patient/${ana.id}`, { token: reader.token, organizationId })).status, 200);
    assert.equal((await fhir(t(), 'GET', '/Patient', { token: reader.token, organizationId })).status, 200);
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', organizationId).where('actorIdpUserId', '=', reader.idpUserId).orderBy('at').orderBy('operation').execute();
    const byOperation = new Map(reads.map((read) => [read.operation, read]));
    assert.deepEqual(parseJsonArray(byOperation.get('fhir.readPatient')!.patientIds), [ana.id]);
    assert.deepEqual(parseJsonArray(byOperation.get('fhir.searchPatient')!.patientIds).sort(), [ana.id, ben.id].sort());
  });
});
