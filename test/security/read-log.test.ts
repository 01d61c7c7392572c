import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { signIn, type SignedIn } from '../builders.ts';
import { describeEachDialect, type TestApp } from '../harness.ts';
import { newId } from '../../src/values/ids.ts';
import { account, accountWithOrganization, ok, production, type Account } from './production.ts';
import { linkAndAccept } from '../../src/namespaces/patients/patients.testkit.ts';

/**
 * Finding 6 of issue 24: every read of patient data names its patients. Staff read records that
 * do not carry their patient (lab result files, pre-consultation forms), a patient's details,
 * webhook deliveries whose payloads name patients, and an export: each read is listed for that
 * patient, to the organization's admins (audit.listReads) and to the patient's own account
 * (audit.listReadsOfMyRecords).
 */

interface Read {
  operation: string;
  recordIds: string[];
  patientIds: string[];
}

async function exportOf(t: TestApp, data: Record<string, unknown>, token: string) {
  const response = await t.app.inject({ method: 'POST', url: '/export', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: JSON.stringify(data) });
  assert.equal(response.statusCode, 200, response.body);
  return response.body.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { id: string });
}

describeEachDialect(
  'security: every read of patient data names its patients (issue 24, finding 6)',
  (t) => {
    let owner: Account & { organizationId: string };
    let doctor: SignedIn;
    let person: Account;
    let patientId: string;
    let otherPatientId: string;
    let labOrderId: string;
    let fileId: string;
    let appointmentId: string;
    let formId: string;

    /** The reads the organization's admin sees for the patient, and those the patient's own account sees. */
    async function readsOf(patient: string): Promise<{ staff: Read[]; own: { operation: string; patientIds: string[] }[] }> {
      await t().app.readLog.flush();
      const staff = ok(await t().call('audit', 'listReads', { organizationId: owner.organizationId, patientId: patient, pageSize: 100 }, { token: owner.token }));
      const own = ok(await t().call('audit', 'listReadsOfMyRecords', { pageSize: 100 }, { token: person.token }));
      return { staff: staff.items, own: own.items };
    }

    async function assertLogged(operation: string, patient = patientId): Promise<Read> {
      const { staff, own } = await readsOf(patient);
      const read = staff.find((r) => r.operation === operation);
      assert.ok(read, `${operation} is not in audit.listReads {patientId}: ${JSON.stringify(staff.map((r) => r.operation))}`);
      assert.ok(read.patientIds.includes(patient));
      if (patient === patientId) {
        assert.ok(
          own.some((r) => r.operation === operation && r.patientIds.includes(patient)),
          `${operation} is not in the patient's listReadsOfMyRecords: ${JSON.stringify(own.map((r) => r.operation))}`,
        );
      }
      return read;
    }

    before(async () => {
      owner = await accountWithOrganization(t(), 'readlog');
      const org = owner.organizationId;
      doctor = await signIn(t(), { organizationId: org, roles: ['doctor'] });
      person = await account(t(), 'patient');
      patientId = ok(await t().call('patients', 'create', { organizationId: org, name: 'Asha Rao' }, { token: owner.token })).item.id;
      otherPatientId = ok(await t().call('patients', 'create', { organizationId: org, name: 'Ravi Kumar' }, { token: owner.token })).item.id;
      await linkAndAccept(t(), owner, { organizationId: org, id: patientId }, person);

      // A webhook subscription to every event (written directly: its target checks are another finding's).
      const now = Date.now();
      await t().database.db
        .insertInto('webhookSubscriptions')
        .values({ id: newId(), organizationId: org, url: 'http://127.0.0.1:9/events', eventTypes: JSON.stringify(['*']), secret: 'whsec_dGVzdA==', description: null, isActive: true, createdAt: now, updatedAt: now })
        .execute();

      labOrderId = ok(
        await t().call('labOrders', 'create', { organizationId: org, patientId, status: 'ordered', priority: 'routine', tests: [{ name: 'Complete blood count', code: 'CBC', price: 350 }] }, { token: doctor.token }),
      ).item.id;
      fileId = ok(
        await t().call('labResultFiles', 'create', { organizationId: org, labOrderId, fileId: 'f-1', fileName: 'cbc.pdf', fileSize: 1000, mimeType: 'application/pdf' }, { token: doctor.token }),
      ).item.id;
      appointmentId = ok(
        await t().call(
          'appointments',
          'create',
          { organizationId: org, patientId, doctorId: doctor.userId, scheduledDate: '2030-03-01', scheduledTime: '10:00', duration: 30, type: 'consultation', reason: 'chest pain' },
          { token: owner.token },
        ),
      ).item.id;
      formId = ok(
        await t().call('preConsultationForms', 'create', { organizationId: org, appointmentId, idpUserId: person.idpUserId, departmentName: 'Cardiology', answers: { chestPain: true }, status: 'draft' }, { token: owner.token }),
      ).item.id;
    });

    test('lab result files read by staff (getById, listByOrganization) are listed for their lab order\'s patient', async () => {
      const org = owner.organizationId;
      ok(await t().call('labResultFiles', 'getById', { organizationId: org, id: fileId }, { token: doctor.token }));
      ok(await t().call('labResultFiles', 'listByOrganization', { organizationId: org }, { token: doctor.token }));
      assert.deepEqual((await assertLogged('labResultFiles.getById')).recordIds, [fileId]);
      assert.ok((await assertLogged('labResultFiles.listByOrganization')).recordIds.includes(fileId));
    });

    test('pre-consultation forms read by staff (getById, listByOrganization) are listed for their appointment\'s patient', async () => {
      const org = owner.organizationId;
      ok(await t().call('preConsultationForms', 'getById', { organizationId: org, id: formId }, { token: doctor.token }));
      ok(await t().call('preConsultationForms', 'listByOrganization', { organizationId: org }, { token: doctor.token }));
      assert.deepEqual((await assertLogged('preConsultationForms.getById')).recordIds, [formId]);
      assert.ok((await assertLogged('preConsultationForms.listByOrganization')).recordIds.includes(formId));
    });

    test('getPatientDetails names the records it answered: the patient, the appointment and the visits', async () => {
      ok(await t().call('appointments', 'getPatientDetails', { organizationId: owner.organizationId, appointmentId }, { token: doctor.token }));
      const read = await assertLogged('appointments.getPatientDetails');
      assert.ok(read.recordIds.includes(patientId), JSON.stringify(read));
      assert.ok(read.recordIds.includes(appointmentId), JSON.stringify(read));
    });

    test('webhooks.listDeliveries is logged with the patients its payloads name', async () => {
      const org = owner.organizationId;
      const subscription = ok(await t().call('webhooks', 'listSubscriptions', { organizationId: org }, { token: owner.token })).items[0];
      const deliveries = ok(await t().call('webhooks', 'listDeliveries', { organizationId: org, subscriptionId: subscription.id, pageSize: 100 }, { token: owner.token }));
      assert.ok(deliveries.items.some((d: { payload: { data: { appointment?: { patientId: string } } } }) => d.payload.data.appointment?.patientId === patientId));
      const read = await assertLogged('webhooks.listDeliveries');
      assert.ok(!read.patientIds.includes(otherPatientId));
    });

    test('an export of patients writes read entries naming every patient it contained', async () => {
      const exported = await exportOf(t(), { organizationId: owner.organizationId, resource: 'patients' }, owner.token);
      assert.deepEqual(exported.map((p) => p.id).sort(), [patientId, otherPatientId].sort());
      await assertLogged('exports.stream');
      await assertLogged('exports.stream', otherPatientId);
    });
  },
  production(),
);
