import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { parseJsonArray } from '../../values/record.ts';
import { labSetup, orderInput } from '../labOrders/labOrders.testkit.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted } from './fhir-http.testkit.ts';

describeEachDialect('FHIR R4: DiagnosticReport', (t) => {
  /** Two lab orders (one of another patient, later cancelled) and three result files: two of the first order, one of the second. */
  async function labWithResults() {
    const setup = await labSetup(t(), orgId());
    const { organizationId } = setup;
    const other = await labSetup(t(), organizationId, { withIdentity: false });
    const order = async (input: Record<string, unknown>) => (ok(await t().call('labOrders', 'create', input)) as { item: { id: string } }).item.id;
    const first = await order(orderInput(setup, { doctorId: setup.doctorId }));
    const second = await order(orderInput(other));
    const upload = async (labOrderId: string, data: Record<string, unknown>) =>
      (ok(await t().call('labResultFiles', 'create', { organizationId, labOrderId, fileId: `files/${labOrderId}`, fileName: 'cbc.pdf', fileSize: 48_213, mimeType: 'application/pdf', ...data })) as { item: { id: string } }).item.id;
    const cbc = await upload(first, { testName: 'Complete blood count', fileUrl: 'https://files.example.test/results/cbc.pdf', uploadedAt: Date.UTC(2030, 0, 10, 9) });
    const scan = await upload(first, { fileName: 'scan.png', mimeType: 'image/png', fileSize: 2_000_000, uploadedAt: Date.UTC(2030, 1, 2, 23, 30) });
    const lipid = await upload(second, { testName: 'Lipid profile', uploadedAt: Date.UTC(2030, 2, 1, 8) });
    ok(await t().call('labOrders', 'update', { organizationId, id: second, status: 'cancelled' }));
    return { setup, other, first, second, cbc, scan, lipid, as: { token: setup.doctor.token, organizationId } };
  }

  test('read: a result file as the report of its order, its file by URL (never inlined); another organization\'s is 404', async () => {
    const { setup, first, cbc, scan, as } = await labWithResults();
    const answer = await fhir(t(), 'GET', `/DiagnosticReport/${cbc}`, as);
    assert.equal(answer.status, 200);
    const { meta, ...report } = answer.body;
    assert.match(meta.lastUpdated, /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(report, {
      resourceType: 'DiagnosticReport',
      id: cbc,
      basedOn: [{ reference: `ServiceRequest/${first}` }],
      status: 'final',
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' }] }],
      code: { text: 'Complete blood count' },
      subject: { reference: `Patient/${setup.patientId}` },
      issued: '2030-01-10T09:00:00.000Z',
      presentedForm: [{ contentType: 'application/pdf', url: 'https://files.example.test/results/cbc.pdf', size: 48_213, title: 'cbc.pdf', creation: '2030-01-10T09:00:00.000Z' }],
    });
    // Without a test name or a storage URL: a generic code, and an attachment without url.
    const plain = (await fhir(t(), 'GET', `/DiagnosticReport/${scan}`, as)).body;
    assert.deepEqual(plain.code, { text: 'Laboratory report' });
    assert.deepEqual(plain.presentedForm, [{ contentType: 'image/png', size: 2_000_000, title: 'scan.png', creation: '2030-02-02T23:30:00.000Z' }]);
    const elsewhere = await labWithResults();
    assertOutcome(await fhir(t(), 'GET', `/DiagnosticReport/${elsewhere.cbc}`, as), 404);
  });

  test('search: _id, patient, based-on, status, issued with prefixes, _lastUpdated', async () => {
    const { setup, other, first, second, cbc, scan, lipid, as } = await labWithResults();
    await labWithResults();
    const search = async (query: string) => idsOf(await searchset(t(), `/DiagnosticReport?${query}`, as));

    assert.deepEqual(await search(''), sorted(cbc, scan, lipid));
    assert.deepEqual(await search(`_id=${scan},${lipid}`), sorted(scan, lipid));
    assert.deepEqual(await search(`patient=Patient/${setup.patientId}`), sorted(cbc, scan));
    assert.deepEqual(await search(`patient=${other.patientId}`), [lipid]);
    assert.deepEqual(await search(`based-on=ServiceRequest/${first}`), sorted(cbc, scan));
    assert.deepEqual(await search(`based-on=${second}&patient=${setup.patientId}`), []);
    assert.deepEqual(await search('status=final'), sorted(cbc, scan));
    assert.deepEqual(await search('status=http://hl7.org/fhir/diagnostic-report-status|cancelled'), [lipid]);
    assert.deepEqual(await search('status=final,cancelled'), sorted(cbc, scan, lipid));
    assert.deepEqual(await search('status=partial'), []);
    assert.deepEqual(await search('issued=2030-01-10'), [cbc]);
    assert.deepEqual(await search('issued=ge2030-02-02T23:30Z'), sorted(scan, lipid));
    assert.deepEqual(await search('issued=gt2030-01&issued=lt2030-03'), [scan]);
    assert.deepEqual(await search('_lastUpdated=lt2020'), []);
    assert.deepEqual(await search(`_lastUpdated=ge${new Date(Date.now() - 3_600_000).toISOString().slice(0, 10)}`), sorted(cbc, scan, lipid));
    for (const bad of ['status=done', 'issued=2030-02-30', 'based-on=Encounter/x', 'patient=Practitioner/x']) {
      assertOutcome(await fhir(t(), 'GET', `/DiagnosticReport?${bad}`, as), 400);
    }
  });

  test('who may read: the roles that read result files; an accountant or a receptionist 403; the read log names the patients', async () => {
    const { setup, other, cbc, as } = await labWithResults();
    const { organizationId } = as;
    for (const role of ['doctor', 'nurse', 'lab_technician', 'admin']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assert.equal((await fhir(t(), 'GET', `/DiagnosticReport/${cbc}`, { token, organizationId })).status, 200, role);
      assert.equal((await fhir(t(), 'GET', '/DiagnosticReport', { token, organizationId })).status, 200, role);
    }
    for (const role of ['accountant', 'receptionist', 'pharmacist']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/DiagnosticReport/${cbc}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'POST', '/DiagnosticReport/_search', { token, organizationId, form: '' }), 403);
    }

    const reader = await signIn(t(), { organizationId, roles: ['nurse'] });
    const by = { token: reader.token, organizationId };
    assert.equal((await fhir(t(), 'GET', `/DiagnosticReport/${cbc}`, by)).status, 200);
    assert.equal((await fhir(t(), 'GET', '/DiagnosticReport?_elements=issued', by)).status, 200);
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', organizationId).where('actorIdpUserId', '=', reader.idpUserId).execute();
    const byOperation = new Map(reads.map((read) => [read.operation, parseJsonArray(read.patientIds).sort()]));
    assert.deepEqual(byOperation.get('fhir.readDiagnosticReport'), [setup.patientId]);
    assert.deepEqual(byOperation.get('fhir.searchDiagnosticReport'), sorted(setup.patientId, other.patientId));
  });
});
