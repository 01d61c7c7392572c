import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { platformAdmin, signIn, tokenFor, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { kit, type Hospital } from '../admissions/admissions.testkit.ts';

/** Who may charge, void and read charges with a token (src/access/grants.ts); the actor is the caller. */
describeEachDialect('admissionCharges access', (t) => {
  const k = kit(t);
  let h: Hospital;
  let admissionId: string;
  let serviceId: string;
  const call = (op: string, data: Record<string, unknown>, token: string) => t().call('admissionCharges', op, { idpTeamId: h.team, ...data }, { token });
  const apply = (as: SignedIn) => call('applyCharge', { idpUserId: as.idpUserId, serviceId, chargeType: 'procedure', admissionId }, as.token);
  const voidCharge = (as: SignedIn, chargeId: string) => call('voidCharge', { idpUserId: as.idpUserId, reason: 'wrong', chargeId }, as.token);
  const readAll = (token: string) => call('getChargesForAdmission', { admissionId }, token);
  const staff = (role: string) => signIn(t(), { organizationId: h.organizationId, roles: [role] });

  before(async () => {
    h = await k.hospital();
    admissionId = ok(await k.admit(h, { status: 'ADMITTED' })).item.id;
    serviceId = await k.service(h.organizationId, { price: 40 });
  });

  test('an accountant applies and voids charges as itself; an admin may too', async () => {
    const charge = ok(await apply(h.accountant)).item;
    assert.equal(charge.appliedByUserId, h.accountant.userId);
    assert.equal(ok(await voidCharge(h.accountant, charge.id)).item.voidedByUserId, h.accountant.userId);
    const admin = await staff('admin');
    assert.equal(ok(await apply(admin)).item.appliedByUserId, admin.userId);
  });

  test('nurse, receptionist and doctor may not apply or void a charge; hr and pharmacist reach no charge: FORBIDDEN', async () => {
    const charge = ok(await apply(h.accountant)).item;
    for (const as of [await staff('nurse'), h.receptionist, h.doctor, await staff('hr'), await staff('pharmacist')]) {
      failsWith(await apply(as), 'FORBIDDEN', 403);
      failsWith(await voidCharge(as, charge.id), 'FORBIDDEN', 403);
    }
    for (const role of ['nurse', 'hr', 'pharmacist']) failsWith(await readAll((await staff(role)).token), 'FORBIDDEN', 403);
    for (const as of [h.receptionist, h.doctor, await staff('lab_technician')]) assert.ok(ok(await readAll(as.token)).items.length > 0);
    assert.equal(ok(await t().call('admissionCharges', 'getChargesForAdmission', { idpTeamId: h.team, admissionId })).items.length > 0, true, 'no token: the interface');
  });

  test('a token naming another person as the actor is FORBIDDEN, also a colleague of the organization; a platform admin may name a member', async () => {
    const colleague = await staff('accountant');
    failsWith(await call('applyCharge', { idpUserId: colleague.idpUserId, serviceId, chargeType: 'x', admissionId }, h.accountant.token), 'FORBIDDEN', 403);
    const charge = ok(await apply(colleague)).item;
    failsWith(await call('voidCharge', { idpUserId: colleague.idpUserId, reason: 'r', chargeId: charge.id }, h.accountant.token), 'FORBIDDEN', 403);
    const admin = await platformAdmin(t());
    assert.equal(ok(await call('voidCharge', { idpUserId: colleague.idpUserId, reason: 'r', chargeId: charge.id }, admin.token)).item.voidedByUserId, colleague.userId);
  });

  test('a doctor charges its fee, a lab technician a lab order, each as itself and nothing else', async () => {
    await k.service(h.organizationId, { name: 'Fee', category: 'consultation', price: 500, doctorId: h.doctor.userId });
    const fee = await call('applyDoctorFee', { idpUserId: h.doctor.idpUserId, doctorId: h.doctor.userId, admissionId }, h.doctor.token);
    assert.equal(ok(fee).item.appliedByUserId, h.doctor.userId);
    const technician = await staff('lab_technician');
    failsWith(await apply(technician), 'FORBIDDEN', 403);
    failsWith(await call('applyDoctorFee', { idpUserId: technician.idpUserId, doctorId: h.doctor.userId, admissionId }, technician.token), 'FORBIDDEN', 403);
  });

  test('an account without membership reads and writes no charge; a member of another organization naming this team finds no organization (issue 24)', async () => {
    const account = await tokenFor(t(), newId());
    failsWith(await readAll(account), 'FORBIDDEN', 403);
    failsWith(await call('applyCharge', { idpUserId: 'anyone', serviceId, chargeType: 'x', admissionId }, account), 'FORBIDDEN', 403);
    const other = await k.hospital();
    assert.match(failsWith(await apply(other.accountant), 'NOT_FOUND', 404).message, /organization not found/);
    assert.match(failsWith(await readAll(other.accountant.token), 'NOT_FOUND', 404).message, /organization not found/);
  });
});
