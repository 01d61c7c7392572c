import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { parseJsonArray } from '../../values/record.ts';
import { labSetup, orderInput } from '../labOrders/labOrders.testkit.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted } from './fhir-http.testkit.ts';

describeEachDialect('FHIR R4: ServiceRequest', (t) => {
  /** A lab with three orders: one by the doctor (two tests), one of another patient without a doctor, one cancelled. */
  async function labWithOrders() {
    const setup = await labSetup(t(), orgId());
    const { organizationId } = setup;
    const other = await labSetup(t(), organizationId, { withIdentity: false });
    const order = async (input: Record<string, unknown>) => (ok(await t().call('labOrders', 'create', input)) as { item: { id: string } }).item.id;
    const first = await order(orderInput(setup, { doctorId: setup.doctorId, notes: 'fasting', priority: 'urgent' }));
    const second = await order(orderInput(other, { tests: [{ name: 'HbA1c', code: 'HBA1C' }] }));
    const cancelled = await order(orderInput(setup, { doctorId: setup.doctorId }));
    ok(await t().call('labOrders', 'update', { organizationId, id: cancelled, status: 'cancelled' }));
    // Orders made on days the authored search can tell apart.
    const made = (id: string, createdAt: number) => t().database.db.updateTable('labOrders').set({ createdAt }).where('id', '=', id).execute();
    await made(first, Date.UTC(2030, 0, 10, 9));
    await made(second, Date.UTC(2030, 1, 2, 23, 30));
    await made(cancelled, Date.UTC(2030, 2, 1, 8));
    return { setup, other, first, second, cancelled, as: { token: setup.doctor.token, organizationId } };
  }

  test('read: a lab order as an order for its tests, field by field; another organization\'s is 404', async () => {
    const { setup, first, as } = await labWithOrders();
    const answer = await fhir(t(), 'GET', `/ServiceRequest/${first}`, as);
    assert.equal(answer.status, 200);
    const { meta, ...request } = answer.body;
    assert.match(meta.lastUpdated, /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(request, {
      resourceType: 'ServiceRequest',
      id: first,
      status: 'active',
      intent: 'order',
      category: [{ coding: [{ system: 'http://snomed.info/sct', code: '108252007', display: 'Laboratory procedure' }] }],
      priority: 'urgent',
      code: { text: 'Complete blood count, Lipid profile' },
      subject: { reference: `Patient/${setup.patientId}` },
      authoredOn: '2030-01-10T09:00:00.000Z',
      requester: { reference: `Practitioner/${setup.doctorId}` },
      note: [{ text: 'fasting' }],
    });
    const elsewhere = await labWithOrders();
    assertOutcome(await fhir(t(), 'GET', `/ServiceRequest/${elsewhere.first}`, as), 404);
  });

  test('search: _id, patient, requester, status, authored with prefixes, _lastUpdated; the tests of each order on the page', async () => {
    const { setup, other, first, second, cancelled, as } = await labWithOrders();
    await labWithOrders();
    const search = async (query: string) => idsOf(await searchset(t(), `/ServiceRequest?${query}`, as));

    assert.deepEqual(await search(''), sorted(first, second, cancelled));
    assert.deepEqual(await search(`_id=${second}`), [second]);
    assert.deepEqual(await search(`patient=Patient/${setup.patientId}`), sorted(first, cancelled));
    assert.deepEqual(await search(`patient=${other.patientId}`), [second]);
    assert.deepEqual(await search(`requester=Practitioner/${setup.doctorId}`), sorted(first, cancelled));
    assert.deepEqual(await search(`requester=${other.doctorId}`), []);
    assert.deepEqual(await search('status=active'), sorted(first, second));
    assert.deepEqual(await search('status=http://hl7.org/fhir/request-status|revoked'), [cancelled]);
    assert.deepEqual(await search('status=completed,draft'), []);
    assert.deepEqual(await search('authored=2030-01'), [first]);
    assert.deepEqual(await search('authored=ge2030-02-02T23:30:00Z'), sorted(second, cancelled));
    assert.deepEqual(await search('authored=gt2030-01&authored=lt2030-03'), [second]);
    assert.deepEqual(await search('authored=ne2030-02'), sorted(first, cancelled));
    assert.deepEqual(await search('_lastUpdated=lt2020'), []);
    assert.deepEqual(await search(`_lastUpdated=ge${new Date(Date.now() - 3_600_000).toISOString().slice(0, 10)}`), sorted(first, second, cancelled));

    const page = await searchset(t(), `/ServiceRequest?patient=${other.patientId},${setup.patientId}&_count=2`, as);
    assert.equal(page.total, 3);
    // Ids are time-ordered: the page is the first two orders, each with its own tests.
    const texts = page.entry.map((entry: { resource: { id: string; code: { text: string } } }) => [entry.resource.id, entry.resource.code.text]);
    assert.deepEqual(texts, [[first, 'Complete blood count, Lipid profile'], [second, 'HbA1c']]);
    for (const bad of ['status=ordered', 'authored=2030-13', 'requester=Patient/x', 'patient=Practitioner/x']) {
      assertOutcome(await fhir(t(), 'GET', `/ServiceRequest?${bad}`, as), 400);
    }
  });

  test('who may read: the roles that read lab orders; a receptionist or a pharmacist 403; the read log names the patients', async () => {
    const { setup, other, first, as } = await labWithOrders();
    const { organizationId } = as;
    for (const role of ['doctor', 'nurse', 'accountant', 'lab_technician', 'admin']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assert.equal((await fhir(t(), 'GET', `/ServiceRequest/${first}`, { token, organizationId })).status, 200, role);
      assert.equal((await fhir(t(), 'GET', '/ServiceRequest', { token, organizationId })).status, 200, role);
    }
    for (const role of ['receptionist', 'pharmacist', 'hr']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/ServiceRequest/${first}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'POST', '/ServiceRequest/_search', { token, organizationId, form: '' }), 403);
    }

    const reader = await signIn(t(), { organizationId, roles: ['lab_technician'] });
    const by = { token: reader.token, organizationId };
    assert.equal((await fhir(t(), 'GET', `/ServiceRequest/${first}`, by)).status, 200);
    assert.equal((await fhir(t(), 'GET', '/ServiceRequest?_elements=code', by)).status, 200);
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', organizationId).where('actorIdpUserId', '=', reader.idpUserId).execute();
    const byOperation = new Map(reads.map((read) => [read.operation, parseJsonArray(read.patientIds).sort()]));
    assert.deepEqual(byOperation.get('fhir.readServiceRequest'), [setup.patientId]);
    assert.deepEqual(byOperation.get('fhir.searchServiceRequest'), sorted(setup.patientId, other.patientId));
  });
});
