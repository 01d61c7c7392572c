import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { kit } from '../admissions/admissions.testkit.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted } from './fhir-http.testkit.ts';

const PHYSICAL = 'http://terminology.hl7.org/CodeSystem/location-physical-type';

describeEachDialect('FHIR R4: Location', (t) => {
  const k = kit(t);

  /** The hospital's General ward and room 101 (the kit's), an ICU ward with a named room, and beds: free, occupied, cleaning, one inactive. */
  async function hospitalWithBeds() {
    const h = await k.hospital();
    const { organizationId } = h;
    const call = async (namespace: string, op: string, data: Record<string, unknown>) => (ok(await k.call(namespace, op, { organizationId, ...data })) as { item: { id: string } }).item.id;
    const icu = await call('wards', 'create', { name: 'Intensive care', description: 'Second floor' });
    const isolation = await call('rooms', 'create', { wardId: icu, roomNumber: '201', name: 'Isolation' });
    const free = await k.bed(h, { displayName: 'Bed A' });
    const occupied = await k.bed(h, { displayName: 'Bed B' });
    const cleaning = await k.bed({ organizationId, wardId: icu, roomId: isolation }, { displayName: 'ICU bed 1' });
    const closed = await k.bed({ organizationId, wardId: icu, roomId: isolation }, { displayName: 'ICU bed 2', isActive: false });
    const set = (id: string, status: string) => t().database.db.updateTable('beds').set({ status }).where('id', '=', id).execute();
    await set(occupied, 'OCCUPIED');
    await set(cleaning, 'CLEANING');
    await set(closed, 'MAINTENANCE');
    return { h, icu, isolation, free, occupied, cleaning, closed, as: { token: h.receptionist.token, organizationId } };
  }

  test('read: a ward, a room and a bed, partOf chained bed -> room -> ward, a bed\'s v2-0116 status; another organization\'s is 404', async () => {
    const { h, icu, isolation, occupied, as } = await hospitalWithBeds();
    const read = async (id: string) => {
      const answer = await fhir(t(), 'GET', `/Location/${id}`, as);
      assert.equal(answer.status, 200);
      const { meta, ...resource } = answer.body;
      assert.match(meta.lastUpdated, /^\d{4}-\d{2}-\d{2}T/);
      return resource;
    };
    const common = { resourceType: 'Location', status: 'active', mode: 'instance', managingOrganization: { reference: `Organization/${h.organizationId}` } };
    assert.deepEqual(await read(icu), { ...common, id: icu, name: 'Intensive care', description: 'Second floor', physicalType: { coding: [{ system: PHYSICAL, code: 'wa', display: 'Ward' }] } });
    assert.deepEqual(await read(h.roomId), { ...common, id: h.roomId, name: 'Room 101', physicalType: { coding: [{ system: PHYSICAL, code: 'ro', display: 'Room' }] }, partOf: { reference: `Location/${h.wardId}` } });
    assert.deepEqual((await read(isolation)).name, 'Isolation');
    assert.deepEqual(await read(occupied), {
      ...common,
      id: occupied,
      operationalStatus: { system: 'http://terminology.hl7.org/CodeSystem/v2-0116', code: 'O', display: 'Occupied' },
      name: 'Bed B',
      physicalType: { coding: [{ system: PHYSICAL, code: 'bd', display: 'Bed' }] },
      partOf: { reference: `Location/${h.roomId}` },
    });
    const elsewhere = await hospitalWithBeds();
    assertOutcome(await fhir(t(), 'GET', `/Location/${elsewhere.icu}`, as), 404);
    assertOutcome(await fhir(t(), 'GET', `/Location/${elsewhere.free}`, as), 404);
  });

  test('search: _id, name, partof, type, status, operational-status, _lastUpdated', async () => {
    const { h, icu, isolation, free, occupied, cleaning, closed, as } = await hospitalWithBeds();
    await hospitalWithBeds();
    const search = async (query: string) => idsOf(await searchset(t(), `/Location?${query}`, as));
    const everything = sorted(h.wardId, h.roomId, icu, isolation, free, occupied, cleaning, closed);

    assert.deepEqual(await search(''), everything);
    assert.deepEqual(await search(`_id=${icu},${free}`), sorted(icu, free));
    assert.deepEqual(await search('name=icu'), sorted(cleaning, closed));
    assert.deepEqual(await search('name=care'), [icu]);
    assert.deepEqual(await search('name:contains=ol'), [isolation]);
    assert.deepEqual(await search('name:exact=Room 101'), [h.roomId]);
    assert.deepEqual(await search(`partof=Location/${icu}`), [isolation]);
    assert.deepEqual(await search(`partof=${h.roomId}`), sorted(free, occupied));
    assert.deepEqual(await search('type=wa'), sorted(h.wardId, icu));
    assert.deepEqual(await search(`type=${PHYSICAL}|ro`), sorted(h.roomId, isolation));
    assert.deepEqual(await search(`type=bd&partof=${isolation}`), sorted(cleaning, closed));
    assert.deepEqual(await search('status=inactive'), [closed]);
    assert.deepEqual(await search('status=active&type=bd'), sorted(free, occupied, cleaning));
    assert.deepEqual(await search('status=suspended'), []);
    assert.deepEqual(await search('operational-status=O'), [occupied]);
    assert.deepEqual(await search('operational-status=U,H'), sorted(free, cleaning));
    assert.deepEqual(await search('operational-status=http://terminology.hl7.org/CodeSystem/v2-0116|C'), [closed]);
    assert.deepEqual(await search('_lastUpdated=lt2020'), []);
    assert.deepEqual(await search(`_lastUpdated=ge${new Date(Date.now() - 3_600_000).toISOString().slice(0, 10)}`), everything);
    const paged = await searchset(t(), '/Location?_count=3', as);
    assert.equal(paged.total, 8);
    for (const bad of ['type=si', 'status=on', 'partof=Patient/x', 'operational-status=X']) {
      assertOutcome(await fhir(t(), 'GET', `/Location?${bad}`, as), 400);
    }
  });

  test('who may read: the roles that read wards, rooms and beds (staff too); an accountant or a lab technician 403; no read log', async () => {
    const { free, as } = await hospitalWithBeds();
    const { organizationId } = as;
    for (const role of ['doctor', 'nurse', 'receptionist', 'admin', 'staff']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assert.equal((await fhir(t(), 'GET', `/Location/${free}`, { token, organizationId })).status, 200, role);
      assert.equal((await fhir(t(), 'GET', '/Location', { token, organizationId })).status, 200, role);
    }
    for (const role of ['accountant', 'lab_technician', 'pharmacist']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/Location/${free}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'POST', '/Location/_search', { token, organizationId, form: '' }), 403);
    }
    const reader = await signIn(t(), { organizationId, roles: ['nurse'] });
    assert.equal((await fhir(t(), 'GET', '/Location', { token: reader.token, organizationId })).status, 200);
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('actorIdpUserId', '=', reader.idpUserId).execute();
    assert.deepEqual(reads, [], 'places are no patient data');
  });
});
