import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect } from '../../../test/harness.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted } from './fhir-http.testkit.ts';

describeEachDialect('FHIR R4: PractitionerRole', (t) => {
  test('read: a membership as the practitioner, the organization and the roles held there', async () => {
    const organizationId = orgId();
    const doctor = await signIn(t(), { organizationId, roles: ['doctor', 'admin'] });
    await t().database.db.updateTable('users').set({ displayName: 'Meera Iyer', updatedAt: Date.UTC(2026, 3, 1) }).where('id', '=', doctor.userId).execute();
    const answer = await fhir(t(), 'GET', `/PractitionerRole/${doctor.userId}`, { token: doctor.token, organizationId });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, {
      resourceType: 'PractitionerRole',
      id: doctor.userId,
      meta: { lastUpdated: '2026-04-01T00:00:00.000Z' },
      active: true,
      practitioner: { reference: `Practitioner/${doctor.userId}`, display: 'Meera Iyer' },
      organization: { reference: `Organization/${organizationId}` },
      code: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/practitioner-role', code: 'doctor', display: 'Doctor' }], text: 'doctor' }, { text: 'admin' }],
    });
    const elsewhere = await signIn(t(), { organizationId: orgId(), roles: ['doctor'] });
    assertOutcome(await fhir(t(), 'GET', `/PractitionerRole/${elsewhere.userId}`, { token: doctor.token, organizationId }), 404);
  });

  test('search: practitioner (Practitioner/{id} or the id) and _id; a pending invitation is no role', async () => {
    const organizationId = orgId();
    const doctor = await signIn(t(), { organizationId, roles: ['doctor'] });
    const nurse = await signIn(t(), { organizationId, roles: ['nurse'] });
    const invited = await signIn(t(), { organizationId, roles: ['doctor'] });
    await t().database.db.updateTable('users').set({ invitationStatus: 'pending' }).where('id', '=', invited.userId).execute();
    const as = { token: nurse.token, organizationId };
    const search = async (query: string) => idsOf(await searchset(t(), `/PractitionerRole?${query}`, as));

    assert.deepEqual(await search(''), sorted(doctor.userId, nurse.userId));
    assert.deepEqual(await search(`practitioner=Practitioner/${doctor.userId}`), [doctor.userId]);
    assert.deepEqual(await search(`practitioner=${nurse.userId},${doctor.userId}`), sorted(doctor.userId, nurse.userId));
    assert.deepEqual(await search(`practitioner=${invited.userId}`), []);
    assert.deepEqual(await search(`_id=${nurse.userId}`), [nurse.userId]);
    assertOutcome(await fhir(t(), 'GET', `/PractitionerRole?practitioner=Patient/${doctor.userId}`, as), 400, /Practitioner/);
    const pharmacist = await signIn(t(), { organizationId, roles: ['pharmacist'] });
    assertOutcome(await fhir(t(), 'GET', '/PractitionerRole', { token: pharmacist.token, organizationId }), 403);
  });
});
