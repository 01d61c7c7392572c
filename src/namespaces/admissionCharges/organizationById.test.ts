import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { platformAdmin } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { kit, type Hospital } from '../admissions/admissions.testkit.ts';
import { orderInput } from '../labOrders/labOrders.testkit.ts';

/**
 * Wherever the interface names the organization by idpTeamId, the organization's id names it too
 * (docs/contract.md, "An organization by its team or its id"), under the same access rules.
 */
describeEachDialect('admissionCharges: the organization by its id in idpTeamId', (t) => {
  const k = kit(t);
  let h: Hospital;
  let other: Hospital;
  let admissionId: string;
  let serviceId: string;
  const call = (op: string, data: Record<string, unknown>, token: string) => t().call('admissionCharges', op, data, { token });

  before(async () => {
    h = await k.hospital();
    other = await k.hospital();
    admissionId = ok(await k.admit(h, { status: 'ADMITTED' })).item.id;
    serviceId = await k.service(h.organizationId, { price: 40, taxPercent: 0 });
  });

  test('every operation answers by the organization id as by the team', async () => {
    const as = h.accountant;
    const byId = { idpTeamId: h.organizationId };
    const charge = ok(await call('applyCharge', { ...byId, idpUserId: as.idpUserId, serviceId, chargeType: 'procedure', admissionId, referenceType: 'visit', referenceId: 'v-1' }, as.token)).item;
    assert.equal(charge.organizationId, h.organizationId);
    const lab = ok(await t().call('labOrders', 'create', orderInput({ organizationId: h.organizationId, patientId: h.patientId }))).item;
    const labService = await k.service(h.organizationId, { name: 'CBC', category: 'lab', price: 300, taxPercent: 0 });
    ok(await call('applyLabCharge', { ...byId, idpUserId: as.idpUserId, serviceId: labService, labOrderId: lab.id, admissionId }, as.token));
    await k.service(h.organizationId, { name: 'Fee', category: 'consultation', price: 500, doctorId: h.doctor.userId });
    ok(await call('applyDoctorFee', { ...byId, idpUserId: h.doctor.idpUserId, doctorId: h.doctor.userId, admissionId }, h.doctor.token));

    assert.equal(ok(await call('checkChargeExists', { ...byId, admissionId, referenceType: 'visit', referenceId: 'v-1' }, as.token)).exists, true);
    const byTeam = ok(await call('getChargesForAdmission', { idpTeamId: h.team, admissionId }, as.token)).items;
    assert.equal(byTeam.length, 3);
    assert.deepEqual(ok(await call('getChargesForAdmission', { ...byId, admissionId }, as.token)).items, byTeam);
    assert.deepEqual(ok(await call('getChargesSummary', { ...byId, admissionId }, as.token)), ok(await call('getChargesSummary', { idpTeamId: h.team, admissionId }, as.token)));
    assert.equal(ok(await call('getChargesForPatient', { ...byId, patientId: h.patientId }, as.token)).items.length, 3);
    assert.equal(ok(await call('voidCharge', { ...byId, idpUserId: as.idpUserId, reason: 'entered twice', chargeId: charge.id }, as.token)).item.voidedByUserId, as.userId);
  });

  test("another organization's id, from a caller with no record there, is NOT_FOUND like an unknown team; a platform admin reaches it", async () => {
    for (const idpTeamId of [other.organizationId, 'no-such-team']) {
      const refused = failsWith(await call('getChargesForPatient', { idpTeamId, patientId: h.patientId }, h.accountant.token), 'NOT_FOUND', 404);
      assert.equal(refused.message, 'organization not found');
      failsWith(await call('applyCharge', { idpTeamId, idpUserId: h.accountant.idpUserId, serviceId, chargeType: 'procedure', admissionId }, h.accountant.token), 'NOT_FOUND', 404);
    }
    const admin = await platformAdmin(t());
    assert.deepEqual(ok(await call('getChargesForPatient', { idpTeamId: other.organizationId, patientId: other.patientId }, admin.token)).items, []);
  });

  test("no organization's idpTeamId may be another organization's id, so a team never hides an id", async () => {
    const admin = await platformAdmin(t());
    const clash = failsWith(await t().call('organizations', 'update', { id: h.organizationId, idpTeamId: other.organizationId }, { token: admin.token }), 'CONFLICT', 409);
    assert.match(clash.message, /id of another organization/);
    failsWith(await t().call('organizations', 'create', { name: 'Copy', slug: `copy-${h.slug}`, type: 'clinic', idpTeamId: other.organizationId }, { token: admin.token }), 'CONFLICT', 409);
    const sync = { idpUserId: admin.idpUserId, idpTeamId: other.organizationId, email: 'sync@example.test' };
    failsWith(await t().call('users', 'syncFromIdpAuth', sync, { token: admin.token }), 'CONFLICT', 409);
    assert.equal(ok(await t().call('organizations', 'update', { id: h.organizationId, idpTeamId: h.organizationId }, { token: admin.token })).item.idpTeamId, h.organizationId, 'its own id names no other');
    ok(await t().call('organizations', 'update', { id: h.organizationId, idpTeamId: h.team }, { token: admin.token }));
  });
});
