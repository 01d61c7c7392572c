import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { kit } from '../admissions/admissions.testkit.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted } from './fhir-http.testkit.ts';

describeEachDialect('FHIR R4: HealthcareService', (t) => {
  const k = kit(t);

  /** A hospital's services: a consultation, an X-ray (withdrawn) and a bed type. */
  async function hospitalWithServices() {
    const h = await k.hospital();
    const { organizationId } = h;
    const consultation = await k.service(organizationId, { name: 'General consultation', category: 'consultation', code: 'GC-01' });
    const xray = await k.service(organizationId, { name: 'Chest X-ray', category: 'procedure' });
    ok(await k.call('services', 'update', { organizationId, id: xray, isActive: false }));
    const bed = await k.service(organizationId, { name: 'Private room', category: 'bed' });
    return { h, consultation, xray, bed, as: { token: h.receptionist.token, organizationId } };
  }

  test('read: a service field by field; another organization\'s is 404', async () => {
    const { h, consultation, xray, as } = await hospitalWithServices();
    const answer = await fhir(t(), 'GET', `/HealthcareService/${consultation}`, as);
    assert.equal(answer.status, 200);
    const { meta, ...service } = answer.body;
    assert.match(meta.lastUpdated, /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(service, {
      resourceType: 'HealthcareService',
      id: consultation,
      active: true,
      providedBy: { reference: `Organization/${h.organizationId}` },
      category: [{ text: 'consultation' }],
      type: [{ text: 'GC-01' }],
      name: 'General consultation',
    });
    assert.equal((await fhir(t(), 'GET', `/HealthcareService/${xray}`, as)).body.active, false);
    const elsewhere = await hospitalWithServices();
    assertOutcome(await fhir(t(), 'GET', `/HealthcareService/${elsewhere.consultation}`, as), 404);
  });

  test('search: _id, name, active, _lastUpdated', async () => {
    const { consultation, xray, bed, as } = await hospitalWithServices();
    await hospitalWithServices();
    const search = async (query: string) => idsOf(await searchset(t(), `/HealthcareService?${query}`, as));
    assert.deepEqual(await search(''), sorted(consultation, xray, bed));
    assert.deepEqual(await search(`_id=${bed}`), [bed]);
    assert.deepEqual(await search('name=x-ray'), [xray]);
    assert.deepEqual(await search('name=consult'), [consultation]);
    assert.deepEqual(await search('name:contains=oo'), [bed]);
    assert.deepEqual(await search('active=true'), sorted(consultation, bed));
    assert.deepEqual(await search('active=false'), [xray]);
    assert.deepEqual(await search('active=true,false'), sorted(consultation, xray, bed));
    assert.deepEqual(await search('_lastUpdated=lt2020'), []);
    for (const bad of ['active=yes', '_lastUpdated=2030-13']) assertOutcome(await fhir(t(), 'GET', `/HealthcareService?${bad}`, as), 400);
  });

  test('who may read: the roles that read services (staff too); a lab technician or a pharmacist 403', async () => {
    const { consultation, as } = await hospitalWithServices();
    const { organizationId } = as;
    for (const role of ['doctor', 'nurse', 'receptionist', 'accountant', 'admin', 'staff']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assert.equal((await fhir(t(), 'GET', `/HealthcareService/${consultation}`, { token, organizationId })).status, 200, role);
      assert.equal((await fhir(t(), 'GET', '/HealthcareService', { token, organizationId })).status, 200, role);
    }
    for (const role of ['lab_technician', 'pharmacist', 'hr']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/HealthcareService/${consultation}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'POST', '/HealthcareService/_search', { token, organizationId, form: '' }), 403);
    }
  });
});
