import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { booking, doctor } from '../appointments/appointments.testkit.ts';
import { appointment, clinic, formInput, type Clinic } from './preConsultationForms.testkit.ts';

describeEachDialect('preConsultationForms.listByOrganization: by appointment, doctor, patient and date; unknown ones are NOT_FOUND', (t) => {
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('preConsultationForms', op, data, token ? { token } : {});
  const list = async (data: Record<string, unknown>, token?: string) =>
    (ok(await call('listByOrganization', { organizationId: c.org, ...data }, token ?? c.doctor.token)) as { items: { departmentName: string }[] }).items.map((f) => f.departmentName).sort();
  let c: Clinic;
  let other: Clinic;
  let own: string;
  let secondDoctor: string;
  const book = async (data: Record<string, unknown>) => (ok(await t().call('appointments', 'create', booking(c, data))) as { item: { id: string } }).item.id;

  before(async () => {
    c = await clinic(t());
    other = await clinic(t());
    secondDoctor = (await doctor(t(), c.org)).userId;
    own = await appointment(t(), c);
    const forms: [string, Record<string, unknown>][] = [
      ['A first doctor, 1 March', { scheduledDate: '2031-03-01' }],
      ['B second doctor, 2 March', { scheduledDate: '2031-03-02', doctorId: secondDoctor }],
      ['C signed patient, 3 March', { scheduledDate: '2031-03-03', patientId: c.signedPatient.id }],
      ['D second doctor, signed patient, 10 March', { scheduledDate: '2031-03-10', doctorId: secondDoctor, patientId: c.signedPatient.id }],
    ];
    for (const [departmentName, data] of forms) ok(await call('create', formInput(await book(data), { departmentName })));
    ok(await call('create', formInput(own, { departmentName: 'E own' })));
    ok(await call('create', formInput(await appointment(t(), other), { departmentName: 'elsewhere' })));
  });

  test('doctorId, patientId and dateFrom..dateTo keep the forms of those appointments, alone or together', async () => {
    assert.deepEqual(await list({ doctorId: secondDoctor }), ['B second doctor, 2 March', 'D second doctor, signed patient, 10 March']);
    assert.deepEqual(await list({ patientId: c.signedPatient.id }), ['C signed patient, 3 March', 'D second doctor, signed patient, 10 March']);
    assert.deepEqual(await list({ dateFrom: '2031-03-01', dateTo: '2031-03-03' }), ['A first doctor, 1 March', 'B second doctor, 2 March', 'C signed patient, 3 March']);
    assert.deepEqual(await list({ dateFrom: '2031-03-02', dateTo: '2031-03-31', doctorId: secondDoctor, patientId: c.signedPatient.id }), ['D second doctor, signed patient, 10 March']);
    assert.deepEqual(await list({ appointmentId: own }), ['E own']);
    assert.equal((await list({})).length, 5);
  });

  test('the patient\'s own account lists its own forms; another patient is NOT_FOUND to it', async () => {
    const token = await tokenFor(t(), c.signedPatient.idpUserId);
    assert.deepEqual(await list({ patientId: c.signedPatient.id }, token), ['C signed patient, 3 March', 'D second doctor, signed patient, 10 March']);
    assert.deepEqual(await list({ doctorId: secondDoctor }, token), ['D second doctor, signed patient, 10 March']);
    assert.equal(failsWith(await call('listByOrganization', { organizationId: c.org, patientId: c.patient }, token), 'NOT_FOUND', 404).message, 'patient not found');
  });

  test('an unknown appointment, doctor or patient, or another organization\'s, is NOT_FOUND, not an empty page', async () => {
    for (const [data, message] of [
      [{ appointmentId: 'no-such-appointment' }, 'appointment not found'],
      [{ appointmentId: await appointment(t(), other) }, 'appointment not found'],
      [{ doctorId: 'no-such-doctor' }, 'doctor not found'],
      [{ doctorId: other.doctor.userId }, 'doctor not found'],
      [{ patientId: 'no-such-patient' }, 'patient not found'],
      [{ patientId: other.patient }, 'patient not found'],
    ] as const) {
      const error = failsWith(await call('listByOrganization', { organizationId: c.org, ...data }, c.doctor.token), 'NOT_FOUND', 404);
      assert.equal(error.message, message);
    }
  });

  test('bad values are VALIDATION_FAILED naming the field', async () => {
    for (const [data, path] of [
      [{ dateFrom: '2031-03-01' }, 'dateTo'],
      [{ dateFrom: '2031-03-02', dateTo: '2031-03-01' }, 'dateTo'],
      [{ dateFrom: '2031-01-01', dateTo: '2032-01-02' }, 'dateTo'],
      [{ doctorId: '' }, 'doctorId'],
    ] as const) {
      const error = failsWith(await call('listByOrganization', { organizationId: c.org, ...data }), 'VALIDATION_FAILED', 400);
      assert.deepEqual([...new Set(error.details?.map((d) => d.path))], [path], JSON.stringify(data));
    }
  });
});
