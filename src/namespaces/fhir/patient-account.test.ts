import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { appointments, booking, clinic } from '../appointments/appointments.testkit.ts';
import { orderInput } from '../labOrders/labOrders.testkit.ts';
import { fhir } from './fhir-http.testkit.ts';

const idOf = (data: unknown) => (data as { item: { id: string } }).item.id;

describeEachDialect('FHIR R4: a patient\'s own account', (t) => {
  test('reads its own Appointment, lab order and report without being a member; another patient\'s are 403, searches are staff\'s', async () => {
    const c = await clinic(t());
    const staff = { token: c.doctor.token };
    const book = async (data: Record<string, unknown>) => idOf(ok(await appointments(t())('create', booking(c, data), c.doctor.token)));
    const mine = await book({ patientId: c.signedPatient.id, scheduledTime: '09:00' });
    const theirs = await book({ scheduledTime: '11:00' });
    const order = async (patientId: string) => idOf(ok(await t().call('labOrders', 'create', orderInput({ organizationId: c.org, patientId }), staff)));
    const myOrder = await order(c.signedPatient.id);
    const theirOrder = await order(c.patient);
    const upload = async (labOrderId: string) =>
      idOf(ok(await t().call('labResultFiles', 'create', { organizationId: c.org, labOrderId, fileId: `files/${labOrderId}`, fileName: 'cbc.pdf', fileSize: 1000, mimeType: 'application/pdf', testName: 'Complete blood count' }, staff)));
    const myReport = await upload(myOrder);
    const theirReport = await upload(theirOrder);

    const as = { token: await tokenFor(t(), c.signedPatient.idpUserId), organizationId: c.org };
    for (const [type, own, other] of [['Appointment', mine, theirs], ['ServiceRequest', myOrder, theirOrder], ['DiagnosticReport', myReport, theirReport]] as const) {
      const read = await fhir(t(), 'GET', `/${type}/${own}`, as);
      assert.equal(read.status, 200, `${type}: ${JSON.stringify(read.body)}`);
      assert.equal(read.body.id, own);
      assert.equal((await fhir(t(), 'GET', `/${type}/${other}`, as)).status, 403, `another patient's ${type}`);
      assert.equal((await fhir(t(), 'GET', `/${type}`, as)).status, 403, `${type} search is staff's`);
      assert.equal((await fhir(t(), 'GET', `/${type}/${own}`, { ...as, organizationId: `${c.org}-other` })).status, 403, `${type} of another organization`);
      // Staff read as before.
      assert.equal((await fhir(t(), 'GET', `/${type}/${other}`, { ...staff, organizationId: c.org })).status, 200);
    }

    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').select(['operation', 'patientIds']).where('actorIdpUserId', '=', c.signedPatient.idpUserId).orderBy('operation').execute();
    assert.deepEqual(
      reads.map((row) => [row.operation, row.patientIds]),
      ['fhir.readAppointment', 'fhir.readDiagnosticReport', 'fhir.readServiceRequest'].map((operation) => [operation, JSON.stringify([c.signedPatient.id])]),
    );
  });
});
