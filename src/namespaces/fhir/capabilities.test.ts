import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect } from '../../../test/harness.ts';
import { assertOutcome, fhir, type Json } from './fhir-http.testkit.ts';
import { namesOf } from './search/params.ts';
import { searchInputOf } from './search/engine.ts';
import { FHIR_TYPES, revincludesOf } from './types/index.ts';
import { FHIR_WRITES } from './writes/interactions.ts';

describeEachDialect('FHIR R4: the types declared make the CapabilityStatement and the routes', (t) => {
  test('metadata lists every type declared, with its interactions, search parameters and includes', async () => {
    const answer = await fhir(t(), 'GET', '/metadata');
    assert.equal(answer.status, 200);
    const resources: Json[] = answer.body.rest[0].resource;
    assert.deepEqual(resources.map((resource) => resource.type), [
      'Patient', 'Practitioner', 'PractitionerRole', 'Organization', 'Appointment', 'Encounter', 'Schedule',
      'ServiceRequest', 'DiagnosticReport', 'ChargeItem', 'Account', 'PaymentReconciliation', 'Invoice', 'Location', 'HealthcareService', 'Medication', 'MedicationKnowledge', 'AuditEvent', 'Slot',
    ]);
    for (const type of FHIR_TYPES) {
      const entry = resources.find((resource) => resource.type === type.type);
      // Read and search, and the writes declared for the type (writes/interactions.ts; writes.test.ts tests them).
      const writes = FHIR_WRITES.filter((write) => write.type === type.type && !write.interaction.startsWith('$')).map((write) => write.interaction);
      assert.deepEqual(entry.interaction.map((i: Json) => i.code), ['read', 'search-type', ...writes], type.type);
      assert.deepEqual(entry.searchParam.map((p: Json) => p.name), type.searchParams.map((p) => p.name), type.type);
      assert.deepEqual(entry.searchInclude, Object.keys(type.includes).length === 0 ? undefined : Object.keys(type.includes), type.type);
      assert.deepEqual(entry.searchRevInclude, Object.keys(revincludesOf(type)).length === 0 ? undefined : Object.keys(revincludesOf(type)), type.type);
      // Each parameter stated (and each modifier) is one the search takes.
      const shape = searchInputOf(type, revincludesOf(type)).shape;
      for (const name of type.searchParams.flatMap(namesOf)) assert.ok(name in shape, `${type.type} ${name}`);
    }
    assert.deepEqual(resources.find((resource) => resource.type === 'Appointment').searchInclude, ['Appointment:patient', 'Appointment:practitioner']);
    // The revincludes are the reference parameters of the types that name it.
    assert.deepEqual(resources.find((resource) => resource.type === 'Account').searchRevInclude, ['ChargeItem:account', 'PaymentReconciliation:account']);
    assert.ok(resources.find((resource) => resource.type === 'Patient').searchRevInclude.includes('Appointment:patient'));
  });

  test('the routes of every type: 404 for a type not served, 405 for another method, unknown parameters named', async () => {
    const organizationId = orgId();
    // An admin reads every type (docs/fhir.md, "Access").
    const { token } = await signIn(t(), { organizationId, roles: ['admin'] });
    const as = { token, organizationId };
    for (const type of FHIR_TYPES) {
      assert.equal((await fhir(t(), 'GET', `/${type.type}`, as)).status, 200, type.type);
      assert.equal((await fhir(t(), 'POST', `/${type.type}/_search`, { ...as, form: '_count=1' })).status, 200, type.type);
      assertOutcome(await fhir(t(), 'GET', `/${type.type}/no-such-id`, as), 404);
    }
    const observation = await fhir(t(), 'GET', '/Observation/1', as);
    assertOutcome(observation, 404, /Patient, Practitioner, PractitionerRole, Organization, Appointment, Encounter/);
    assertOutcome(await fhir(t(), 'POST', '/Observation/_search', { ...as, form: '' }), 404);
    const put = await fhir(t(), 'PUT', '/Encounter/x', as);
    assertOutcome(put, 405);
    assert.equal(put.headers.allow, 'GET');
    const searchPut = await fhir(t(), 'DELETE', '/Appointment/_search');
    assertOutcome(searchPut, 405);
    assert.equal(searchPut.headers.allow, 'POST');
    const unknown = await fhir(t(), 'GET', '/Practitioner?birthdate=1990&_sort=name', as);
    assert.equal(unknown.status, 200);
    assert.equal(unknown.headers['x-unknown-fields'], 'birthdate, _sort');
    // What was ignored is not in the links: they carry the parameters applied.
    const ignored = await fhir(t(), 'GET', '/Patient?_include=Patient:link&_summary=count', as);
    assert.equal(ignored.headers['x-unknown-fields'], '_include');
    assert.match(ignored.body.link[0].url, /\/Patient\?_summary=count&_count=20$/);
    assertOutcome(await fhir(t(), 'GET', '/Organization?address=x', { ...as, headers: { prefer: 'handling=strict' } }), 400, /address/);
  });
});
