import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted } from './fhir-http.testkit.ts';

describeEachDialect('FHIR R4: AuditEvent', (t) => {
  /** An organization's trail: a ward made by its admin through the API, and writes of a receptionist, of no token and of someone no longer a member, at known times. */
  async function organizationWithTrail() {
    const organizationId = orgId();
    const admin = await signIn(t(), { organizationId, roles: ['admin'] });
    const receptionist = await signIn(t(), { organizationId, roles: ['receptionist'] });
    const ward = (ok(await t().call('wards', 'create', { organizationId, name: 'General ward' }, { token: admin.token, ip: '10.0.0.7' })) as { item: { id: string } }).item.id;
    const made = await t().database.db.selectFrom('auditLog').select('id').where('organizationId', '=', organizationId).where('recordId', '=', ward).executeTakeFirstOrThrow();
    const write = async (operation: string, at: number, actorId: string | null, recordId: string | null) => {
      const id = newId();
      await t().database.db.insertInto('auditLog').values({ id, at, actorId, actorAddress: '10.0.0.9', operation, recordId, organizationId, requestId: `req-${id.slice(-6)}` }).execute();
      return id;
    };
    const patient = newId();
    const created = await write('patients.create', Date.UTC(2030, 0, 10, 9), receptionist.idpUserId, patient);
    const updated = await write('patients.update', Date.UTC(2030, 0, 11, 9), receptionist.idpUserId, patient);
    const removed = await write('beds.delete', Date.UTC(2030, 1, 1, 8), 'idp-someone-gone', 'bed-1');
    const executed = await write('admissions.admit', Date.UTC(2030, 2, 5, 18), null, 'admission-1');
    await write('patients.create', Date.UTC(2030, 0, 10, 9), receptionist.idpUserId, newId());
    // A read of patient data (the read log), by the receptionist, of two patients.
    const [readPatient, otherReadPatient] = [newId(), newId()];
    const read = newId();
    await t().database.db
      .insertInto('patientDataReads')
      .values({ id: read, at: Date.UTC(2030, 0, 12, 10), actorIdpUserId: receptionist.idpUserId, operation: 'fhir.searchPatient', organizationId, recordIds: JSON.stringify([readPatient, otherReadPatient]), patientIds: JSON.stringify([readPatient, otherReadPatient]), requestId: 'req-read', ip: '10.0.0.5' })
      .execute();
    // Another organization's write is never seen.
    await t().database.db.insertInto('auditLog').values({ id: newId(), at: Date.UTC(2030, 0, 10), actorId: null, actorAddress: null, operation: 'patients.create', recordId: patient, organizationId: orgId(), requestId: null }).execute();
    return { organizationId, admin, receptionist, ward, wardWrite: made.id, patient, created, updated, removed, executed, read, readPatient, otherReadPatient, as: { token: admin.token, organizationId } };
  }

  test('read: a write as an AuditEvent: type rest, the operation as subtype, the action, who (the member and its identity), from where, on which record', async () => {
    const { admin, receptionist, ward, wardWrite, removed, executed, read, readPatient, otherReadPatient, as } = await organizationWithTrail();
    const answer = await fhir(t(), 'GET', `/AuditEvent/${wardWrite}`, as);
    assert.equal(answer.status, 200);
    const { meta, recorded, source, ...event } = answer.body;
    assert.equal(meta.lastUpdated, recorded);
    assert.match(recorded, /^\d{4}-\d{2}-\d{2}T/);
    assert.match(source.site, /.+/);
    assert.deepEqual({ ...source, site: undefined }, { site: undefined, observer: { display: 'healthops' }, type: [{ system: 'http://terminology.hl7.org/CodeSystem/security-source-type', code: '4', display: 'Application Server' }] });
    assert.deepEqual(event, {
      resourceType: 'AuditEvent',
      id: wardWrite,
      type: { system: 'http://terminology.hl7.org/CodeSystem/audit-event-type', code: 'rest', display: 'RESTful Operation' },
      subtype: [{ system: 'urn:healthops:operation', code: 'wards.create' }],
      action: 'C',
      outcome: '0',
      agent: [{ who: { reference: `Practitioner/${admin.userId}` }, altId: admin.idpUserId, requestor: true, network: { address: '10.0.0.7', type: '2' } }],
      entity: [{ what: { identifier: { system: 'urn:healthops:record-id', value: ward } } }],
    });
    // Someone no longer a member is named by its identity only; a call without a token by no one.
    const gone = (await fhir(t(), 'GET', `/AuditEvent/${removed}`, as)).body;
    assert.deepEqual([gone.action, gone.agent], ['D', [{ altId: 'idp-someone-gone', requestor: true, network: { address: '10.0.0.9', type: '2' } }]]);
    const anonymous = (await fhir(t(), 'GET', `/AuditEvent/${executed}`, as)).body;
    assert.deepEqual([anonymous.action, anonymous.agent[0].name, anonymous.recorded], ['E', 'a call without a token', '2030-03-05T18:00:00.000Z']);

    // A read of patient data: action R, its patients as the entities.
    const { meta: readMeta, source: readSource, ...readEvent } = (await fhir(t(), 'GET', `/AuditEvent/${read}`, as)).body;
    assert.equal(readMeta.lastUpdated, '2030-01-12T10:00:00.000Z');
    assert.equal(readSource.site, 'req-read');
    assert.deepEqual(readEvent, {
      resourceType: 'AuditEvent',
      id: read,
      type: { system: 'http://terminology.hl7.org/CodeSystem/audit-event-type', code: 'rest', display: 'RESTful Operation' },
      subtype: [{ system: 'urn:healthops:operation', code: 'fhir.searchPatient' }],
      action: 'R',
      recorded: '2030-01-12T10:00:00.000Z',
      outcome: '0',
      agent: [{ who: { reference: `Practitioner/${receptionist.userId}` }, altId: receptionist.idpUserId, requestor: true, network: { address: '10.0.0.5', type: '2' } }],
      entity: [{ what: { reference: `Patient/${readPatient}` } }, { what: { reference: `Patient/${otherReadPatient}` } }],
    });
    // Another organization's entry, a write or a read, is not found.
    const elsewhere = await organizationWithTrail();
    assertOutcome(await fhir(t(), 'GET', `/AuditEvent/${elsewhere.created}`, as), 404);
    assertOutcome(await fhir(t(), 'GET', `/AuditEvent/${elsewhere.read}`, as), 404);
  });

  test('search: _id, date with prefixes, agent, entity, action, subtype', async () => {
    const { receptionist, admin, patient, ward, wardWrite, created, updated, removed, executed, read, readPatient, otherReadPatient, as } = await organizationWithTrail();
    const search = async (query: string) => idsOf(await searchset(t(), `/AuditEvent?${query}`, as));
    const all = await search('');
    assert.equal(all.length, 7, 'six writes and a read');
    assert.deepEqual(await search('action=R'), [read]);
    assert.deepEqual(await search(`entity=Patient/${readPatient}`), [read]);
    assert.deepEqual(await search(`entity=${otherReadPatient},${ward}`), sorted(read, wardWrite));
    assert.deepEqual(await search('action=R,D&date=2030-01-12'), [read]);
    assert.deepEqual(await search(`agent=${receptionist.userId}&action=R`), [read]);
    assert.deepEqual(await search(`_id=${updated},${removed}`), sorted(updated, removed));
    assert.deepEqual(await search(`entity=${patient}`), sorted(created, updated));
    assert.deepEqual(await search(`entity=Patient/${patient}&action=U`), [updated]);
    assert.deepEqual(await search(`entity=Location/${ward}`), [wardWrite]);
    assert.deepEqual(await search(`agent=Practitioner/${admin.userId}`), [wardWrite]);
    assert.equal((await search(`agent=${receptionist.userId}`)).length, 4);
    assert.deepEqual(await search('action=D'), [removed]);
    assert.deepEqual(await search('action=E'), [executed]);
    assert.deepEqual(await search('action=http://hl7.org/fhir/audit-event-action|U,D'), sorted(updated, removed));
    assert.equal((await search('action=C')).length, 3);
    assert.deepEqual(await search('subtype=beds.delete'), [removed]);
    assert.deepEqual(await search('date=2030-01-11'), [updated]);
    assert.deepEqual(await search('date=ge2030-02&date=lt2030-03'), [removed]);
    assert.deepEqual(await search('date=gt2030-01-10T09:00Z&date=lt2031'), sorted(updated, read, removed, executed));
    assert.deepEqual(await search(`date=ge${new Date(Date.now() - 3_600_000).toISOString().slice(0, 10)}&date=lt2030`), [wardWrite]);
    for (const bad of ['action=X', 'date=2030-13', 'agent=Patient/x', 'subtype=http://other|x']) assertOutcome(await fhir(t(), 'GET', `/AuditEvent?${bad}`, as), 400);
  });

  test('who may read: admins only; every other role 403', async () => {
    const { wardWrite, as } = await organizationWithTrail();
    const { organizationId } = as;
    assert.equal((await fhir(t(), 'GET', '/AuditEvent', as)).status, 200);
    for (const role of ['doctor', 'nurse', 'receptionist', 'accountant', 'lab_technician', 'pharmacist', 'staff', 'hr']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/AuditEvent/${wardWrite}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'POST', '/AuditEvent/_search', { token, organizationId, form: '' }), 403);
    }
  });
});
