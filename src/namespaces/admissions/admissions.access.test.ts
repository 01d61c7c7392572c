import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { operations as chargeOperations } from '../admissionCharges/index.ts';
import { operations as logOperations } from '../admissionLogs/index.ts';
import { operations as bedOperations } from '../beds/index.ts';
import { operations as roomOperations } from '../rooms/index.ts';
import { operations as serviceOperations } from '../services/index.ts';
import { operations as wardOperations } from '../wards/index.ts';
import { kit, type Hospital } from './admissions.testkit.ts';
import { operations as admissionOperations } from './index.ts';

/** Who may do what to admissions with a token (src/access/grants.ts), and which organization a call concerns. */
describeEachDialect('admissions access', (t) => {
  const k = kit(t);
  let h: Hospital;
  let admissionId: string;
  const staff = (role: string) => signIn(t(), { organizationId: h.organizationId, roles: [role] });
  const call = (op: string, data: Record<string, unknown>, token: string) => t().call('admissions', op, data, { token });
  const reads = (token: string) => [
    call('getById', { organizationId: h.organizationId, id: admissionId }, token),
    call('listByOrganization', { organizationId: h.organizationId }, token),
    call('listByDoctorId', { doctorId: h.doctor.userId }, token),
    call('getAdmissionLogs', { admissionId }, token),
    call('getAdmittedPatientDetailForBilling', { admissionId, organizationSlug: h.slug }, token),
  ];

  before(async () => {
    h = await k.hospital();
    admissionId = ok(await k.admit(h)).item.id;
  });

  test('a receptionist admits and assigns the bed; nurse, accountant, hr and pharmacist may not create: FORBIDDEN', async () => {
    const [first, second] = [await k.bed(h), await k.bed(h)];
    const { item } = ok(await k.admit(h, { bedId: first }, h.receptionist.token));
    assert.equal(ok(await k.update(h, item.id, { bedId: second }, h.receptionist.token)).item.bedId, second);
    for (const role of ['nurse', 'accountant', 'hr', 'pharmacist']) failsWith(await k.admit(h, {}, (await staff(role)).token), 'FORBIDDEN', 403);
  });

  test('the accountant clears billing, the doctor discharges; a nurse may read but not update; only an admin deletes', async () => {
    const { item } = ok(await k.admit(h, { status: 'ADMITTED' }, h.doctor.token));
    const nurse = await staff('nurse');
    failsWith(await k.update(h, item.id, { status: 'DISCHARGED' }, nurse.token), 'FORBIDDEN', 403);
    assert.equal(ok(await k.update(h, item.id, { billingClearedAt: 1 }, h.accountant.token)).item.billingClearedByUserId, h.accountant.userId);
    const discharged = ok(await k.update(h, item.id, { status: 'DISCHARGED' }, h.doctor.token)).item;
    assert.equal(discharged.status, 'DISCHARGED');
    for (const response of reads(nurse.token)) ok(await response);
    const cancelled = ok(await k.admit(h)).item.id;
    for (const as of [nurse, h.doctor, h.receptionist, h.accountant]) {
      failsWith(await call('delete', { organizationId: h.organizationId, id: cancelled }, as.token), 'FORBIDDEN', 403);
    }
    ok(await call('delete', { organizationId: h.organizationId, id: cancelled }, (await staff('admin')).token));
  });

  test('hr, pharmacist and an account without membership read and write no admission: FORBIDDEN', async () => {
    const account = await tokenFor(t(), newId());
    for (const token of [(await staff('hr')).token, (await staff('pharmacist')).token, account]) {
      for (const response of reads(token)) failsWith(await response, 'FORBIDDEN', 403);
      failsWith(await k.update(h, admissionId, { admissionNotes: 'x' }, token), 'FORBIDDEN', 403);
    }
    failsWith(await k.admit(h, {}, account), 'FORBIDDEN', 403);
  });

  test('a member of another organization: naming this one FORBIDDEN, reaching its admission or doctor by id NOT_FOUND', async () => {
    const other = await k.hospital();
    const token = other.doctor.token;
    failsWith(await call('getById', { organizationId: h.organizationId, id: admissionId }, token), 'FORBIDDEN', 403);
    failsWith(await call('listByOrganization', { organizationId: h.organizationId }, token), 'FORBIDDEN', 403);
    failsWith(await k.admit(h, {}, token), 'FORBIDDEN', 403);
    failsWith(await call('getAdmittedPatientDetailForBilling', { admissionId, organizationSlug: h.slug }, other.accountant.token), 'FORBIDDEN', 403);
    failsWith(await call('getAdmissionLogs', { admissionId }, token), 'NOT_FOUND', 404);
    failsWith(await call('listByDoctorId', { doctorId: h.doctor.userId }, token), 'NOT_FOUND', 404);
    failsWith(await call('getById', { organizationId: other.organizationId, id: admissionId }, token), 'NOT_FOUND', 404);
  });

  test('the reads that answer patient data say so (the read log); the place and catalogue reads do not', () => {
    const flagged = [...admissionOperations, ...logOperations, ...chargeOperations, ...bedOperations, ...wardOperations, ...roomOperations, ...serviceOperations]
      .filter((op) => op.readsPatientData)
      .map((op) => `${op.namespace}.${op.name}`)
      .sort();
    assert.deepEqual(flagged, [
      'admissionCharges.checkChargeExists',
      'admissionCharges.getChargesForAdmission',
      'admissionCharges.getChargesForPatient',
      'admissionCharges.getChargesSummary',
      'admissionLogs.getById',
      'admissionLogs.listByOrganization',
      'admissions.getAdmissionLogs',
      'admissions.getAdmittedPatientDetailForBilling',
      'admissions.getById',
      'admissions.listByDoctorId',
      'admissions.listByOrganization',
      'admissions.listPayments',
    ]);
  });
});
