import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect } from '../../../test/harness.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted } from './fhir-http.testkit.ts';

describeEachDialect('FHIR R4: Practitioner', (t) => {
  /** A member with a name and roles; `updatedAt` set so that _lastUpdated has something to tell apart. */
  async function member(organizationId: string, displayName: string, roles: string[], fields: { updatedAt?: number; invitationStatus?: 'pending'; isBlocked?: boolean } = {}) {
    const signed = await signIn(t(), { organizationId, roles });
    await t().database.db.updateTable('users').set({ displayName, title: roles.includes('doctor') ? 'Dr.' : null, ...fields }).where('id', '=', signed.userId).execute();
    return signed;
  }

  test('read: a member of the organization as a Practitioner, field by field; an invitation or another organization is not found', async () => {
    const organizationId = orgId();
    const doctor = await member(organizationId, 'Meera Iyer', ['doctor'], { updatedAt: Date.UTC(2026, 0, 2, 3, 4, 5) });
    const blocked = await member(organizationId, 'Blocked Nurse', ['nurse'], { isBlocked: true });
    const invited = await member(organizationId, 'Invited Doctor', ['doctor'], { invitationStatus: 'pending' });
    const other = await member(orgId(), 'Elsewhere', ['doctor']);
    const as = { token: doctor.token, organizationId };

    const answer = await fhir(t(), 'GET', `/Practitioner/${doctor.userId}`, as);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, {
      resourceType: 'Practitioner',
      id: doctor.userId,
      meta: { lastUpdated: '2026-01-02T03:04:05.000Z' },
      active: true,
      name: [{ text: 'Meera Iyer', prefix: ['Dr.'] }],
      telecom: [{ system: 'email', value: `${doctor.idpUserId}@example.test` }],
      qualification: [{ code: { text: 'doctor' } }],
    });
    assert.equal((await fhir(t(), 'GET', `/Practitioner/${blocked.userId}`, as)).body.active, false);
    assertOutcome(await fhir(t(), 'GET', `/Practitioner/${invited.userId}`, as), 404);
    assertOutcome(await fhir(t(), 'GET', `/Practitioner/${other.userId}`, as), 404);
  });

  test('search: _id, name with its modifiers, _lastUpdated with dates and instants; _summary=count and _elements', async () => {
    const organizationId = orgId();
    const meera = await member(organizationId, 'Meera Iyer', ['doctor'], { updatedAt: Date.UTC(2026, 0, 10, 12, 0) });
    const ravi = await member(organizationId, 'Ravi Menon', ['nurse'], { updatedAt: Date.UTC(2026, 1, 1, 8, 30) });
    const desk = await member(organizationId, 'Front Desk', ['receptionist'], { updatedAt: Date.UTC(2026, 2, 5) });
    await member(organizationId, 'Pending Person', ['doctor'], { invitationStatus: 'pending' });
    await member(orgId(), 'Meera Elsewhere', ['doctor']);
    const as = { token: desk.token, organizationId };
    const search = async (query: string) => idsOf(await searchset(t(), `/Practitioner?${query}`, as));

    assert.deepEqual(await search(''), sorted(meera.userId, ravi.userId, desk.userId));
    assert.deepEqual(await search(`_id=${meera.userId},${ravi.userId}`), sorted(meera.userId, ravi.userId));
    assert.deepEqual(await search('name=me'), sorted(meera.userId, ravi.userId));
    assert.deepEqual(await search('name=iyer'), [meera.userId]);
    assert.deepEqual(await search('name=eer'), []);
    assert.deepEqual(await search('name:contains=eer'), [meera.userId]);
    assert.deepEqual(await search('name:exact=Front Desk'), [desk.userId]);
    assert.deepEqual(await search('name:exact=front desk'), []);
    // Given twice, both hold.
    assert.deepEqual(await search('name=me&name=ravi'), [ravi.userId]);
    // _lastUpdated: a day of the organization's clock (UTC here), a month, an instant, a range.
    assert.deepEqual(await search('_lastUpdated=2026-01-10'), [meera.userId]);
    assert.deepEqual(await search('_lastUpdated=2026-02'), [ravi.userId]);
    assert.deepEqual(await search('_lastUpdated=ge2026-02-01T08:30:00Z'), sorted(ravi.userId, desk.userId));
    assert.deepEqual(await search('_lastUpdated=gt2026-02-01T08:30:00Z'), [desk.userId]);
    assert.deepEqual(await search('_lastUpdated=lt2026-02-01T14:00%2B05:30'), [meera.userId]);
    assert.deepEqual(await search('_lastUpdated=ge2026-01&_lastUpdated=lt2026-03'), sorted(meera.userId, ravi.userId));
    assert.deepEqual(await search('_lastUpdated=ne2026-02'), sorted(meera.userId, desk.userId));
    for (const bad of ['_lastUpdated=2026-01-10T25:00Z', '_lastUpdated=2026-01-10T10:00', '_lastUpdated=x2026', '_id=a|b', '_summary=text', '_elements=name.text']) {
      assertOutcome(await fhir(t(), 'GET', `/Practitioner?${bad}`, as), 400);
    }

    const count = await searchset(t(), '/Practitioner?name=me&_summary=count', as);
    assert.equal(count.total, 2);
    assert.equal(count.entry, undefined);
    assert.equal(count.link.some((link: { relation: string }) => link.relation === 'next'), false);

    const subset = await searchset(t(), `/Practitioner?_id=${meera.userId}&_elements=name,gender`, as);
    assert.deepEqual(subset.entry[0].resource, {
      resourceType: 'Practitioner',
      id: meera.userId,
      meta: { lastUpdated: '2026-01-10T12:00:00.000Z', tag: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue', code: 'SUBSETTED', display: 'subsetted' }] },
      name: [{ text: 'Meera Iyer', prefix: ['Dr.'] }],
    });
    assert.match(subset.link[0].url, /_elements=name%2Cgender&_count=20$/);
  });

  test('who may read: every role the organization grants fhir:read; pharmacist and hr 403; no token 401', async () => {
    const organizationId = orgId();
    const meera = await member(organizationId, 'Meera Iyer', ['doctor']);
    for (const role of ['doctor', 'nurse', 'receptionist', 'accountant', 'lab_technician', 'admin']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assert.equal((await fhir(t(), 'GET', `/Practitioner/${meera.userId}`, { token, organizationId })).status, 200, role);
      assert.equal((await fhir(t(), 'GET', '/Practitioner', { token, organizationId })).status, 200, role);
    }
    for (const role of ['pharmacist', 'hr', 'stylist']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/Practitioner/${meera.userId}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'GET', '/Practitioner', { token, organizationId }), 403);
    }
    assertOutcome(await fhir(t(), 'GET', `/Practitioner/${meera.userId}`, { organizationId }), 401);
  });

  test('no read log: a Practitioner is no patient data', async () => {
    const organizationId = orgId();
    const meera = await member(organizationId, 'Meera Iyer', ['doctor']);
    assert.equal((await fhir(t(), 'GET', `/Practitioner/${meera.userId}`, { token: meera.token, organizationId })).status, 200);
    assert.equal((await fhir(t(), 'GET', '/Practitioner', { token: meera.token, organizationId })).status, 200);
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').select('operation').where('organizationId', '=', organizationId).execute();
    assert.deepEqual(reads, []);
  });
});
