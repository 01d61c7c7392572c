import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { kit, type Hospital } from '../admissions/admissions.testkit.ts';
import { orderInput } from '../labOrders/labOrders.testkit.ts';

describeEachDialect('admissionCharges.applyLabCharge', (t) => {
  const k = kit(t);
  let h: Hospital;
  let admissionId: string;
  let labService: string;
  let labOrderId: string;
  const labCharge = (data: Record<string, unknown> = {}) =>
    t().call('admissionCharges', 'applyLabCharge', {
      idpTeamId: h.team,
      idpUserId: h.receptionist.idpUserId,
      serviceId: labService,
      labOrderId,
      admissionId,
      ...data,
    });
  const order = async (hospital: Hospital, patientId = hospital.patientId) =>
    ok(await t().call('labOrders', 'create', orderInput({ organizationId: hospital.organizationId, patientId }))).item.id as string;

  before(async () => {
    h = await k.hospital();
    admissionId = ok(await k.admit(h, { status: 'ADMITTED' })).item.id;
    labService = await k.service(h.organizationId, { name: 'CBC', category: 'lab', price: 350.5, taxPercent: 5 });
    labOrderId = await order(h);
  });

  test('charges the lab order once at the lab service price: referenceType lab_order; a second apply is CONFLICT', async () => {
    const { item } = ok(await labCharge({ quantity: 2, notes: 'fasting' }));
    assert.equal(item.chargeType, 'lab');
    assert.deepEqual([item.referenceType, item.referenceId], ['lab_order', labOrderId]);
    assert.equal(item.subtotal, 701);
    assert.equal(item.taxAmount, 35.05);
    assert.equal(item.amount, 736.05);
    failsWith(await labCharge(), 'CONFLICT', 409);
    const check = ok(await t().call('admissionCharges', 'checkChargeExists', { idpTeamId: h.team, admissionId, referenceType: 'lab_order', referenceId: labOrderId }));
    assert.equal(check.item.id, item.id);
  });

  test('a lab technician charges a lab order as itself; a nurse may not (FORBIDDEN)', async () => {
    const technician = await signIn(t(), { organizationId: h.organizationId, roles: ['lab_technician'] });
    const nurse = await signIn(t(), { organizationId: h.organizationId, roles: ['nurse'] });
    labOrderId = await order(h);
    const as = (who: typeof nurse) => t().call('admissionCharges', 'applyLabCharge', { idpTeamId: h.team, idpUserId: who.idpUserId, serviceId: labService, labOrderId, admissionId }, { token: who.token });
    failsWith(await as(nurse), 'FORBIDDEN', 403);
    assert.equal(ok(await as(technician)).item.appliedByUserId, technician.userId);
  });

  test('concurrent lab charges of one order end in one charge', async () => {
    labOrderId = await order(h);
    const responses = await Promise.all(Array.from({ length: 5 }, () => labCharge()));
    assert.equal(responses.filter((r) => r.statusCode === 200).length, 1);
    for (const r of responses.filter((x) => x.statusCode !== 200)) failsWith(r, 'CONFLICT', 409);
  });

  test('the lab order must be the organization\'s (NOT_FOUND) and the admission\'s patient\'s; the service of category lab', async () => {
    const other = await k.hospital();
    failsWith(await labCharge({ labOrderId: await order(other) }), 'NOT_FOUND', 404);
    failsWith(await labCharge({ labOrderId: 'no-such-order' }), 'NOT_FOUND', 404);
    const stranger = await k.patient(h.organizationId, 'Someone else');
    const error = failsWith(await labCharge({ labOrderId: await order(h, stranger) }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path), ['labOrderId']);
    const procedure = await k.service(h.organizationId, { category: 'procedure' });
    failsWith(await labCharge({ serviceId: procedure, labOrderId: await order(h) }), 'VALIDATION_FAILED', 400);
    failsWith(await labCharge({ labOrderId: undefined }), 'VALIDATION_FAILED', 400);
    failsWith(await labCharge({ quantity: 0 }), 'VALIDATION_FAILED', 400);
    failsWith(await labCharge({ idpTeamId: other.team, idpUserId: other.receptionist.idpUserId, labOrderId: await order(other) }), 'NOT_FOUND', 404);
  });
});
