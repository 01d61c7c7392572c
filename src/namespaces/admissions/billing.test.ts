import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { kit } from './admissions.testkit.ts';

describeEachDialect('admissions.getAdmittedPatientDetailForBilling', (t) => {
  const k = kit(t);
  const detail = (data: Record<string, unknown>, token?: string) =>
    t().call('admissions', 'getAdmittedPatientDetailForBilling', data, token ? { token } : {});

  test('patient, admission, ward / room / bed with its service, active charges, voided apart, exact totals, advance and balance', async () => {
    const h = await k.hospital();
    const bedService = await k.service(h.organizationId, { name: 'General bed', category: 'bed', price: 1500 });
    ok(await t().call('rooms', 'update', { organizationId: h.organizationId, id: h.roomId, bedTypeServiceId: bedService }));
    const bedId = await k.bed(h);
    const admission = ok(await k.admit(h, { bedId, status: 'ADMITTED', advanceAmount: 2000.1 })).item;
    const apply = async (serviceId: string, quantity = 1) =>
      ok(await t().call('admissionCharges', 'applyCharge', { idpTeamId: h.team, idpUserId: h.receptionist.idpUserId, serviceId, chargeType: 'misc', admissionId: admission.id, quantity })).item;
    const tenth = await k.service(h.organizationId, { name: 'Swab', price: 0.1, taxPercent: 0 });
    const taxed = await k.service(h.organizationId, { name: 'Dressing', price: 33.33, taxPercent: 12.5 });
    await apply(bedService, 1.5);
    for (let i = 0; i < 7; i++) await apply(tenth);
    await apply(taxed, 3);
    const voided = await apply(taxed);
    ok(await t().call('admissionCharges', 'voidCharge', { idpTeamId: h.team, idpUserId: h.receptionist.idpUserId, reason: 'not given', chargeId: voided.id }));

    const data = ok(await detail({ admissionId: admission.id, organizationSlug: h.slug.toUpperCase() }));
    assert.equal(data.patient.id, h.patientId);
    assert.equal(data.admission.id, admission.id);
    assert.equal(data.ward.id, h.wardId);
    assert.equal(data.room.id, h.roomId);
    assert.equal(data.bed.id, bedId);
    assert.equal(data.bedTypeService.id, bedService);
    assert.equal(data.charges.length, 9);
    assert.deepEqual(data.voidedCharges.map((c: { id: string }) => c.id), [voided.id]);
    // 1500 x 1.5 = 2250.00; 7 x 0.10 = 0.70; 33.33 x 3 = 99.99 + 12.5 % (12.49875) = 12.50
    assert.deepEqual(data.totals, { count: 9, subtotal: 2350.69, taxAmount: 12.5, totalAmount: 2363.19 });
    assert.deepEqual(data.voided, { count: 1, subtotal: 33.33, taxAmount: 4.17, totalAmount: 37.5 });
    assert.equal(data.advancePaid, 2000.1);
    assert.equal(data.balanceDue, 363.09);
  });

  test('an admission without bed or charges: places null, totals zero, the advance is owed back', async () => {
    const h = await k.hospital();
    const admission = ok(await k.admit(h, { advanceAmount: 50 })).item;
    const data = ok(await detail({ admissionId: admission.id, organizationSlug: h.slug }));
    assert.deepEqual([data.ward, data.room, data.bed, data.bedTypeService], [null, null, null, null]);
    assert.deepEqual(data.charges, []);
    assert.deepEqual(data.totals, { count: 0, subtotal: 0, taxAmount: 0, totalAmount: 0 });
    assert.equal(data.balanceDue, -50);
  });

  test('unknown slug or an admission of another organization is NOT_FOUND; a member of another organization FORBIDDEN; input validated', async () => {
    const h = await k.hospital();
    const other = await k.hospital();
    const admission = ok(await k.admit(h)).item;
    failsWith(await detail({ admissionId: admission.id, organizationSlug: 'no-such-hospital' }), 'NOT_FOUND', 404);
    failsWith(await detail({ admissionId: admission.id, organizationSlug: other.slug }), 'NOT_FOUND', 404);
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['accountant'] });
    failsWith(await detail({ admissionId: admission.id, organizationSlug: h.slug }, outsider.token), 'FORBIDDEN', 403);
    assert.equal(ok(await detail({ admissionId: admission.id, organizationSlug: h.slug }, h.receptionist.token)).admission.id, admission.id);
    const error = failsWith(await detail({ organizationSlug: '' }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['admissionId', 'organizationSlug']);
  });
});
