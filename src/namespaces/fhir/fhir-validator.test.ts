import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertValidFhir } from './fhir-validator.testkit.ts';

// The kit every FHIR test relies on: it must refuse what R4 refuses, inside a Bundle too.
const patient = { resourceType: 'Patient', id: 'p1', gender: 'female', name: [{ text: 'Asha Rao' }] };
const bundleOf = (resource: unknown) => ({ resourceType: 'Bundle', type: 'searchset', total: 1, entry: [{ fullUrl: 'https://example.test/fhir/R4/Patient/p1', resource, search: { mode: 'match' } }] });

test('the FHIR validator kit accepts valid resources and refuses a required binding broken, alone or held in a Bundle', () => {
  assertValidFhir(patient);
  assertValidFhir(bundleOf(patient));
  const wrongGender = { ...patient, gender: 'f' };
  assert.throws(() => assertValidFhir(wrongGender), /gender|enum/);
  assert.throws(() => assertValidFhir(bundleOf(wrongGender)), /gender|enum/);
  assert.throws(() => assertValidFhir(bundleOf({ ...patient, unknownElement: 1 })), /unknownElement/);
  assert.throws(() => assertValidFhir({ ...bundleOf(patient), type: 'not-a-bundle-type' }), /Bundle/);
});
