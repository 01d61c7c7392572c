import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import { assertOutcome, fhir, idsOf, searchset } from './fhir-http.testkit.ts';

describeEachDialect('FHIR R4: Organization', (t) => {
  async function hospital(name: string) {
    const tag = newId().slice(-10).toLowerCase();
    const created = ok(
      await t().call('organizations', 'create', { name, slug: `h-${tag}`, type: 'hospital', address: { street: '12 MG Road', city: 'Pune', state: null, postalCode: '411001', country: 'IN' } }),
    ) as { item: { id: string; slug: string } };
    const organizationId = created.item.id;
    return { organizationId, slug: created.item.slug, receptionist: await signIn(t(), { organizationId, roles: ['receptionist'] }) };
  }

  test('read: the caller\'s organization itself, field by field; any other is not found', async () => {
    const { organizationId, slug, receptionist } = await hospital('Sunrise Hospital');
    const as = { token: receptionist.token, organizationId };
    const answer = await fhir(t(), 'GET', `/Organization/${organizationId}`, as);
    assert.equal(answer.status, 200);
    const { meta, ...organization } = answer.body;
    assert.match(meta.lastUpdated, /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(organization, {
      resourceType: 'Organization',
      id: organizationId,
      identifier: [{ system: 'urn:healthops:organization-slug', value: slug }],
      active: true,
      type: [{ text: 'hospital' }],
      name: 'Sunrise Hospital',
      address: [{ line: ['12 MG Road'], city: 'Pune', postalCode: '411001', country: 'IN' }],
    });
    const other = await hospital('Other Hospital');
    assertOutcome(await fhir(t(), 'GET', `/Organization/${other.organizationId}`, as), 404);
    // Naming the other organization in the header: not a member of it.
    assertOutcome(await fhir(t(), 'GET', `/Organization/${other.organizationId}`, { ...as, organizationId: other.organizationId }), 403);
  });

  test('search: _id, name and identifier find only the caller\'s organization', async () => {
    const { organizationId, slug, receptionist } = await hospital('Sunrise Hospital');
    const other = await hospital('Sunrise Clinic');
    const as = { token: receptionist.token, organizationId };
    const search = async (query: string) => idsOf(await searchset(t(), `/Organization?${query}`, as));
    assert.deepEqual(await search(''), [organizationId]);
    assert.deepEqual(await search('name=sunrise'), [organizationId]);
    assert.deepEqual(await search('name=hosp'), [organizationId]);
    assert.deepEqual(await search('name=clinic'), []);
    assert.deepEqual(await search(`_id=${other.organizationId}`), []);
    assert.deepEqual(await search(`_id=${organizationId}`), [organizationId]);
    // identifier: the slug, bare, with its system, or the system alone; another organization's slug finds nothing.
    assert.deepEqual(await search(`identifier=${slug}`), [organizationId]);
    assert.deepEqual(await search(`identifier=urn:healthops:organization-slug|${slug}`), [organizationId]);
    assert.deepEqual(await search('identifier=urn:healthops:organization-slug|'), [organizationId]);
    assert.deepEqual(await search(`identifier=${other.slug}`), []);
    assert.deepEqual(await search(`identifier=${slug.toUpperCase()}`), []);
    assertOutcome(await fhir(t(), 'GET', `/Organization?identifier=http://example.org|${slug}`, as), 400);
    const hr = await signIn(t(), { organizationId, roles: ['hr'] });
    assertOutcome(await fhir(t(), 'GET', '/Organization', { token: hr.token, organizationId }), 403);
  });
});
