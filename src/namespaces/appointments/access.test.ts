import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, signIn, tokenFor, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import { addDays } from '../../time/zone.ts';
import { appointments, booking, clinic, patient, type Clinic } from './appointments.testkit.ts';
import { operations } from './index.ts';

describeEachDialect('appointments access (docs/contract.md, "Audiences and roles")', (t) => {
  const call = (apiName: string, data: Record<string, unknown>, token?: string) => appointments(t())(apiName, data, token);
  let c: Clinic;
  let day = 0;
  const nextDate = () => addDays('2031-02-01', ++day);
  /** A patient record of the clinic linked to an account (patients.idpUserId set in the database), and that account's token. */
  let linked: { id: string; token: string };
  let own: { id: string };
  let othersAppointment: { id: string };
  let receptionist: SignedIn;

  before(async () => {
    c = await clinic(t());
    const idpUserId = `idp-${newId()}`;
    const id = await patient(t(), c.org, { name: 'Mira Shah' });
    await t().database.db.updateTable('patients').set({ idpUserId }).where('id', '=', id).execute();
    linked = { id, token: await tokenFor(t(), idpUserId) };
    own = ok(await call('create', booking(c, { patientId: id, scheduledDate: nextDate() }))).item;
    othersAppointment = ok(await call('create', booking(c, { scheduledDate: nextDate() }))).item;
    receptionist = await signIn(t(), { organizationId: c.org, roles: ['receptionist'] });
  });

  test('a member with a granted role passes; members without one (hr, pharmacist) are FORBIDDEN', async () => {
    assert.equal(ok(await call('listByOrganization', { organizationId: c.org }, receptionist.token)).total, 2);
    ok(await call('getById', { id: own.id, organizationId: c.org }, receptionist.token));
    ok(await call('create', booking(c, { scheduledDate: nextDate() }), receptionist.token));
    for (const role of ['hr', 'pharmacist']) {
      const member = await signIn(t(), { organizationId: c.org, roles: [role] });
      failsWith(await call('listByOrganization', { organizationId: c.org }, member.token), 'FORBIDDEN', 403);
      failsWith(await call('getById', { id: own.id, organizationId: c.org }, member.token), 'FORBIDDEN', 403);
      failsWith(await call('create', booking(c, { scheduledDate: nextDate() }), member.token), 'FORBIDDEN', 403);
      failsWith(await call('listByPatient', { patientId: c.patient }, member.token), 'FORBIDDEN', 403);
      failsWith(await call('markPaymentSuccess', { id: own.id, organizationId: c.org }, member.token), 'FORBIDDEN', 403);
    }
  });

  test('a member of another organization naming this one is FORBIDDEN; reaching its records by id is NOT_FOUND', async () => {
    const org = orgId();
    const outsider = await signIn(t(), { organizationId: org, roles: ['receptionist'] });
    failsWith(await call('listByOrganization', { organizationId: c.org }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('getById', { id: own.id, organizationId: c.org }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('createPending', booking(c, { scheduledDate: nextDate() }), outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('patientJoinedCall', { appointmentId: own.id, organizationId: c.org }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('getById', { id: own.id, organizationId: org }, outsider.token), 'NOT_FOUND', 404);
    failsWith(await call('listByPatient', { patientId: c.patient }, outsider.token), 'NOT_FOUND', 404);
    failsWith(await call('markPaymentSuccess', { id: own.id, organizationId: org }, outsider.token), 'NOT_FOUND', 404);
  });

  test('an account with a token and no membership reads and writes nothing of the organization', async () => {
    const account = await tokenFor(t(), `idp-${newId()}`);
    failsWith(await call('listByOrganization', { organizationId: c.org }, account), 'FORBIDDEN', 403);
    failsWith(await call('getById', { id: own.id, organizationId: c.org }, account), 'FORBIDDEN', 403);
    failsWith(await call('create', booking(c, { scheduledDate: nextDate() }), account), 'FORBIDDEN', 403);
    failsWith(await call('createPending', booking(c, { scheduledDate: nextDate() }), account), 'FORBIDDEN', 403);
    failsWith(await call('update', { id: own.id, organizationId: c.org, notes: 'x' }, account), 'FORBIDDEN', 403);
    failsWith(await call('listByPatient', { patientId: linked.id }, account), 'NOT_FOUND', 404);
    failsWith(await call('markPaymentSuccess', { id: own.id, organizationId: c.org }, account), 'FORBIDDEN', 403);
    failsWith(await call('patientJoinedCall', { appointmentId: own.id, organizationId: c.org }, account), 'FORBIDDEN', 403);
    assert.equal(ok(await call('getById', { id: own.id, organizationId: c.org })).item.paymentStatus, null, 'nothing was paid');
  });

  test('a linked patient account lists, books and joins its own appointments, nobody else\'s', async () => {
    const listed = ok(await call('listByPatient', { patientId: linked.id }, linked.token));
    assert.deepEqual(listed.items.map((a: { id: string }) => a.id), [own.id]);
    failsWith(await call('listByPatient', { patientId: c.patient }, linked.token), 'NOT_FOUND', 404);
    failsWith(await call('listByPatient', { patientId: c.signedPatient.id }, linked.token), 'NOT_FOUND', 404);

    const held = ok(await call('createPending', booking(c, { patientId: linked.id, scheduledDate: nextDate() }), linked.token)).item;
    assert.deepEqual([held.patientId, held.status], [linked.id, 'pending']);
    failsWith(await call('createPending', booking(c, { scheduledDate: nextDate() }), linked.token), 'FORBIDDEN', 403);
    const elsewhere = await clinic(t());
    failsWith(await call('createPending', booking(elsewhere, { patientId: linked.id, scheduledDate: nextDate() }), linked.token), 'FORBIDDEN', 403);

    assert.equal(ok(await call('patientJoinedCall', { appointmentId: own.id, organizationId: c.org }, linked.token)).item.patientJoinedAt !== null, true);
    failsWith(await call('patientJoinedCall', { appointmentId: othersAppointment.id, organizationId: c.org }, linked.token), 'FORBIDDEN', 403);
    // No gateway secret is configured here: nothing could prove the payment, so the patient cannot confirm it.
    const unverified = failsWith(await call('markPaymentSuccess', { id: held.id, organizationId: c.org }, linked.token), 'FORBIDDEN', 403);
    assert.match(unverified.message, /PAYMENT_GATEWAY_SECRET/);
    assert.equal(ok(await call('getById', { id: held.id, organizationId: c.org })).item.paymentStatus, held.paymentStatus, 'nothing was paid');
    failsWith(await call('markPaymentSuccess', { id: othersAppointment.id, organizationId: c.org }, linked.token), 'FORBIDDEN', 403);

    failsWith(await call('listByOrganization', { organizationId: c.org }, linked.token), 'FORBIDDEN', 403);
    failsWith(await call('getPatientDetails', { appointmentId: own.id, organizationId: c.org }, linked.token), 'FORBIDDEN', 403);
  });

  test('staff of the organization act for its patients: an accountant pays, a nurse lists a patient\'s appointments', async () => {
    const accountant = await signIn(t(), { organizationId: c.org, roles: ['accountant'] });
    assert.equal(ok(await call('markPaymentSuccess', { id: othersAppointment.id, organizationId: c.org }, accountant.token)).item.paymentStatus, 'paid');
    failsWith(await call('markPaymentSuccess', { id: 'missing', organizationId: c.org }, accountant.token), 'NOT_FOUND', 404);
    const nurse = await signIn(t(), { organizationId: c.org, roles: ['nurse'] });
    assert.deepEqual(ok(await call('listByPatient', { patientId: linked.id }, nurse.token)).items.map((a: { id: string }) => a.id).includes(own.id), true);
    failsWith(await call('patientJoinedCall', { appointmentId: own.id, organizationId: c.org }, nurse.token), 'FORBIDDEN', 403);
  });

  test('the operations answering patient data are marked for the read log; pure counts are not', () => {
    const marked = operations.filter((op) => op.readsPatientData).map((op) => op.name).sort();
    assert.deepEqual(marked, ['getByDoctorUserId', 'getById', 'getPatientDetails', 'listByOrganization', 'listByPatient', 'listByPatientId', 'listWaitlist']);
  });
});
