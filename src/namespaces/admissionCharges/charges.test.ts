import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, platformAdmin, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { kit, type Hospital } from '../admissions/admissions.testkit.ts';
import { listenToEvents } from '../webhooks/webhooks.testkit.ts';

const FIELDS = [
  'admissionId', 'amount', 'appliedByUserId', 'chargeType', 'createdAt', 'doctorId', 'id', 'notes', 'organizationId', 'patientId', 'quantity',
  'referenceId', 'referenceType', 'serviceCategory', 'serviceId', 'serviceName', 'subtotal', 'taxAmount', 'taxPercent', 'unitPrice',
  'updatedAt', 'voidReason', 'voidedAt', 'voidedByUserId',
];

describeEachDialect('admissionCharges', (t) => {
  const k = kit(t);
  let h: Hospital;
  let admissionId: string;
  let serviceId: string;
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('admissionCharges', op, data, token ? { token } : {});
  const apply = (data: Record<string, unknown> = {}, token?: string) =>
    call('applyCharge', { idpTeamId: h.team, idpUserId: h.receptionist.idpUserId, serviceId, chargeType: 'procedure', admissionId, ...data }, token);

  before(async () => {
    h = await k.hospital();
    admissionId = ok(await k.admit(h, { status: 'ADMITTED' })).item.id;
    serviceId = await k.service(h.organizationId, { name: 'Dressing', price: 19.99, taxPercent: 18 });
  });

  test('applyCharge: catalogue price x quantity plus tax, exactly; the charge keeps the service and the actor', async () => {
    const { item } = ok(await apply({ idpUserId: h.accountant.idpUserId, quantity: 3, notes: 'left arm' }, h.accountant.token));
    assert.deepEqual(Object.keys(item).sort(), FIELDS);
    assert.equal(item.unitPrice, 19.99);
    assert.equal(item.quantity, 3);
    assert.equal(item.subtotal, 59.97);
    assert.equal(item.taxPercent, 18);
    assert.equal(item.taxAmount, 10.79, '18 % of 59.97 = 10.7946, rounded to the paisa');
    assert.equal(item.amount, 70.76);
    assert.equal(item.serviceName, 'Dressing');
    assert.equal(item.serviceCategory, 'procedure');
    assert.equal(item.patientId, h.patientId);
    assert.equal(item.appliedByUserId, h.accountant.userId);
    assert.equal(item.voidedAt, null);
    const stored = await t().database.db.selectFrom('admissionCharges').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    assert.deepEqual([stored.unitPrice, stored.subtotal, stored.taxAmount, stored.amount].map(Number), [1999, 5997, 1079, 7076]);
    const defaulted = ok(await apply()).item;
    assert.equal(defaulted.quantity, 1);
    assert.equal(defaulted.amount, 23.59, '19.99 + 3.5982 tax rounded');
    const fractional = ok(await apply({ quantity: 1.5 })).item;
    assert.equal(fractional.subtotal, 29.99, '19.99 x 1.5 = 29.985, rounded half away from zero');
    await t().call('services', 'update', { organizationId: h.organizationId, id: serviceId, price: 25 });
    assert.equal(ok(await apply()).item.unitPrice, 25, 'the price at the time of charging');
    await t().call('services', 'update', { organizationId: h.organizationId, id: serviceId, price: 19.99 });
  });

  test('applyCharge validates quantity, references in pairs and required fields', async () => {
    const error = failsWith(await call('applyCharge', { idpTeamId: h.team, quantity: 0 }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['admissionId', 'chargeType', 'idpUserId', 'quantity', 'serviceId']);
    for (const quantity of [-1, 1.0001, 100_001, '2']) failsWith(await apply({ quantity }), 'VALIDATION_FAILED', 400);
    failsWith(await apply({ referenceType: 'order' }), 'VALIDATION_FAILED', 400);
    failsWith(await apply({ referenceId: 'x' }), 'VALIDATION_FAILED', 400);
  });

  test('unknown team, service, admission are NOT_FOUND; an actor without a record there or blocked is FORBIDDEN; a token must be the actor', async () => {
    failsWith(await apply({ idpTeamId: 'no-such-team' }), 'NOT_FOUND', 404);
    failsWith(await apply({ serviceId: 'missing' }), 'NOT_FOUND', 404);
    failsWith(await apply({ admissionId: 'missing' }), 'NOT_FOUND', 404);
    failsWith(await apply({ idpUserId: 'stranger' }), 'FORBIDDEN', 403);
    const blocked = await signIn(t(), { organizationId: h.organizationId, roles: ['nurse'], blocked: true });
    failsWith(await apply({ idpUserId: blocked.idpUserId }), 'FORBIDDEN', 403);
    assert.match(failsWith(await apply({ idpUserId: h.doctor.idpUserId }, h.accountant.token), 'FORBIDDEN', 403).message, /your own/);
    const admin = await platformAdmin(t());
    assert.equal(ok(await apply({ idpUserId: h.doctor.idpUserId }, admin.token)).item.appliedByUserId, h.doctor.userId);
    const inactive = await k.service(h.organizationId, { isActive: false });
    failsWith(await apply({ serviceId: inactive }), 'INVALID_STATE', 409);
  });

  test('cross-tenant: another organization\'s admission or service is NOT_FOUND; so is its team to a member of another organization', async () => {
    const other = await k.hospital();
    const otherAdmission = ok(await k.admit(other)).item.id;
    const otherService = await k.service(other.organizationId);
    failsWith(await apply({ admissionId: otherAdmission }), 'NOT_FOUND', 404);
    failsWith(await apply({ serviceId: otherService }), 'NOT_FOUND', 404);
    assert.match(failsWith(await apply({ idpUserId: other.accountant.idpUserId }, other.accountant.token), 'NOT_FOUND', 404).message, /organization not found/);
    for (const [op, data] of [
      ['getChargesForAdmission', { admissionId: otherAdmission }],
      ['getChargesSummary', { admissionId: otherAdmission }],
      ['checkChargeExists', { admissionId: otherAdmission, referenceType: 'x', referenceId: 'y' }],
      ['getChargesForPatient', { patientId: other.patientId }],
    ] as const) {
      failsWith(await call(op, { idpTeamId: h.team, ...data }), 'NOT_FOUND', 404);
      failsWith(await call(op, { idpTeamId: other.team, ...data }, h.receptionist.token), 'NOT_FOUND', 404);
    }
    const charge = ok(await call('applyCharge', { idpTeamId: other.team, idpUserId: other.receptionist.idpUserId, serviceId: otherService, chargeType: 'x', admissionId: otherAdmission })).item;
    failsWith(await call('voidCharge', { idpTeamId: h.team, idpUserId: h.receptionist.idpUserId, reason: 'r', chargeId: charge.id }), 'NOT_FOUND', 404);
  });

  test('a DISCHARGED or CANCELLED admission takes no charge: INVALID_STATE', async () => {
    const cancelled = ok(await k.admit(h)).item;
    ok(await k.update(h, cancelled.id, { status: 'CANCELLED' }));
    failsWith(await apply({ admissionId: cancelled.id }), 'INVALID_STATE', 409);
    const discharged = ok(await k.admit(h, { status: 'ADMITTED' })).item;
    ok(await k.update(h, discharged.id, { status: 'DISCHARGED', billingClearedAt: 1 }));
    failsWith(await apply({ admissionId: discharged.id }), 'INVALID_STATE', 409);
    const requested = ok(await k.admit(h)).item;
    ok(await apply({ admissionId: requested.id })); // a REQUESTED admission may be charged (registration)
  });

  test('a reference is charged once: checkChargeExists tells, a second apply is CONFLICT, voiding frees it', async () => {
    const check = async () => ok(await call('checkChargeExists', { idpTeamId: h.team, admissionId, referenceType: 'procedure_order', referenceId: 'PO-1' }));
    assert.deepEqual(await check(), { exists: false, item: null });
    const first = ok(await apply({ referenceType: 'procedure_order', referenceId: 'PO-1' })).item;
    const found = await check();
    assert.equal(found.exists, true);
    assert.equal(found.item.id, first.id);
    failsWith(await apply({ referenceType: 'procedure_order', referenceId: 'PO-1' }), 'CONFLICT', 409);
    ok(await apply({ referenceType: 'procedure_order', referenceId: 'PO-2' }));
    ok(await call('voidCharge', { idpTeamId: h.team, idpUserId: h.receptionist.idpUserId, reason: 'wrong order', chargeId: first.id }));
    assert.equal((await check()).exists, false);
    ok(await apply({ referenceType: 'procedure_order', referenceId: 'PO-1' }));
    failsWith(await call('checkChargeExists', { idpTeamId: h.team, admissionId }), 'VALIDATION_FAILED', 400);
  });

  test('concurrent applies of one reference end in exactly one charge', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => apply({ referenceType: 'procedure_order', referenceId: 'PO-RACE' })));
    assert.equal(responses.filter((r) => r.statusCode === 200).length, 1);
    for (const r of responses.filter((x) => x.statusCode !== 200)) failsWith(r, 'CONFLICT', 409);
    const rows = await t().database.db.selectFrom('admissionCharges').select('id').where('referenceId', '=', 'PO-RACE').execute();
    assert.equal(rows.length, 1);
  });

  test('the database holds the reference rule on its own: a second active row is refused, a voided one is not', async () => {
    const { item } = ok(await apply({ referenceType: 'procedure_order', referenceId: 'PO-DB' }));
    const row = await t().database.db.selectFrom('admissionCharges').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    const copy = (id: string, voidedAt: number | null) => t().database.db.insertInto('admissionCharges').values({ ...row, id, voidedAt }).execute();
    await assert.rejects(copy(`${item.id}-dup`, null));
    await copy(`${item.id}-void`, 1);
  });

  test('voidCharge marks who, when and why and never deletes; voiding twice is INVALID_STATE', async () => {
    const { item } = ok(await apply());
    const voided = ok(await call('voidCharge', { idpTeamId: h.team, idpUserId: h.accountant.idpUserId, reason: 'duplicate', chargeId: item.id }, h.accountant.token)).item;
    assert.equal(voided.id, item.id);
    assert.ok(voided.voidedAt > 0);
    assert.equal(voided.voidedByUserId, h.accountant.userId);
    assert.equal(voided.voidReason, 'duplicate');
    assert.equal(voided.amount, item.amount);
    failsWith(await call('voidCharge', { idpTeamId: h.team, idpUserId: h.doctor.idpUserId, reason: 'again', chargeId: item.id }), 'INVALID_STATE', 409);
    const listed = ok(await call('getChargesForAdmission', { idpTeamId: h.team, admissionId })).items;
    assert.equal(listed.find((c: { id: string }) => c.id === item.id).voidReason, 'duplicate');
    failsWith(await call('voidCharge', { idpTeamId: h.team, idpUserId: h.doctor.idpUserId, reason: ' ', chargeId: item.id }), 'VALIDATION_FAILED', 400);
    failsWith(await call('voidCharge', { idpTeamId: h.team, idpUserId: h.doctor.idpUserId, reason: 'x', chargeId: 'missing' }), 'NOT_FOUND', 404);
    failsWith(await call('voidCharge', { idpTeamId: h.team, idpUserId: 'stranger', reason: 'x', chargeId: item.id }), 'FORBIDDEN', 403);
  });

  test('concurrent voids of one charge: one succeeds, the others are INVALID_STATE', async () => {
    const { item } = ok(await apply());
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) => call('voidCharge', { idpTeamId: h.team, idpUserId: h.receptionist.idpUserId, reason: `r${i}`, chargeId: item.id })),
    );
    assert.equal(responses.filter((r) => r.statusCode === 200).length, 1);
    for (const r of responses.filter((x) => x.statusCode !== 200)) failsWith(r, 'INVALID_STATE', 409);
  });

  test('getChargesSummary and getChargesForAdmission: totals per type and in all leave voided charges out and show them apart', async () => {
    const own = await k.hospital();
    const stay = ok(await k.admit(own, { status: 'ADMITTED', advanceAmount: 100 })).item.id;
    const room = await k.service(own.organizationId, { name: 'Bed day', category: 'bed', price: 1200.5, taxPercent: 12 });
    const drug = await k.service(own.organizationId, { name: 'Drug', category: 'pharmacy', price: 0.1 });
    const charge = (service: string, chargeType: string, quantity = 1) =>
      call('applyCharge', { idpTeamId: own.team, idpUserId: own.receptionist.idpUserId, serviceId: service, chargeType, admissionId: stay, quantity });
    ok(await charge(room, 'bed', 2));
    for (let i = 0; i < 3; i++) ok(await charge(drug, 'pharmacy'));
    const wrong = ok(await charge(room, 'bed', 1)).item;
    ok(await call('voidCharge', { idpTeamId: own.team, idpUserId: own.receptionist.idpUserId, reason: 'wrong', chargeId: wrong.id }));
    const summary = ok(await call('getChargesSummary', { idpTeamId: own.team, admissionId: stay }));
    // bed: 2401.00 + 12 % = 288.12 -> 2689.12; pharmacy: 3 x 0.10 (float 0.30000000000000004 if done in floats) -> 0.30
    assert.deepEqual(summary.totals, { count: 4, subtotal: 2401.3, taxAmount: 288.12, totalAmount: 2689.42 });
    assert.deepEqual(summary.byChargeType, [
      { chargeType: 'bed', count: 1, subtotal: 2401, taxAmount: 288.12, totalAmount: 2689.12 },
      { chargeType: 'pharmacy', count: 3, subtotal: 0.3, taxAmount: 0, totalAmount: 0.3 },
    ]);
    assert.deepEqual(summary.voided, { count: 1, subtotal: 1200.5, taxAmount: 144.06, totalAmount: 1344.56 });
    assert.equal(summary.advancePaid, 100);
    assert.equal(summary.balanceDue, 2589.42);
    assert.equal(summary.admissionId, stay);
    const all = ok(await call('getChargesForAdmission', { idpTeamId: own.team, admissionId: stay })).items;
    assert.equal(all.length, 5);
    assert.equal(all.filter((c: { voidedAt: number | null }) => c.voidedAt !== null).length, 1);
    failsWith(await call('getChargesSummary', { idpTeamId: own.team }), 'VALIDATION_FAILED', 400);
    failsWith(await call('getChargesForAdmission', { idpTeamId: own.team, admissionId: 'missing' }), 'NOT_FOUND', 404);
  });

  test('getChargesForPatient: newest first across admissions, limit 1..500', async () => {
    const own = await k.hospital();
    const service = await k.service(own.organizationId, { price: 10 });
    const a = ok(await k.admit(own)).item.id;
    const b = ok(await k.admit(own)).item.id;
    const ids: string[] = [];
    for (const stay of [a, b, a]) {
      ids.push(ok(await call('applyCharge', { idpTeamId: own.team, idpUserId: own.receptionist.idpUserId, serviceId: service, chargeType: 'x', admissionId: stay })).item.id);
    }
    const list = (data: Record<string, unknown>) => call('getChargesForPatient', { idpTeamId: own.team, patientId: own.patientId, ...data });
    assert.deepEqual(ok(await list({})).items.map((c: { id: string }) => c.id), [...ids].reverse());
    assert.deepEqual(ok(await list({ limit: 2 })).items.map((c: { id: string }) => c.id), [ids[2], ids[1]]);
    for (const limit of [0, 501, 1.5]) failsWith(await list({ limit }), 'VALIDATION_FAILED', 400);
    ok(await list({ limit: 500 }));
    failsWith(await list({ patientId: 'missing' }), 'NOT_FOUND', 404);
  });

  test('applyDoctorFee: the doctor\'s consultation service price; once per consultation; no consultation service is NOT_FOUND', async () => {
    const own = await k.hospital();
    const stay = ok(await k.admit(own, { status: 'ADMITTED' })).item.id;
    const fee = (data: Record<string, unknown> = {}) =>
      call('applyDoctorFee', { idpTeamId: own.team, idpUserId: own.receptionist.idpUserId, doctorId: own.doctor.userId, admissionId: stay, ...data });
    failsWith(await fee(), 'NOT_FOUND', 404);
    await k.service(own.organizationId, { name: 'Old fee', category: 'consultation', price: 300, doctorId: own.doctor.userId });
    await k.service(own.organizationId, { name: 'General', category: 'consultation', price: 999 });
    await k.service(own.organizationId, { name: 'Dr fee', category: 'consultation', price: 500, taxPercent: 5, doctorId: own.doctor.userId });
    const { item } = ok(await fee({ consultationId: 'C-1', notes: 'round' }));
    assert.equal(item.serviceName, 'Dr fee', 'the newest active consultation service of the doctor');
    assert.equal(item.amount, 525);
    assert.equal(item.chargeType, 'doctor_fee');
    assert.equal(item.doctorId, own.doctor.userId);
    assert.deepEqual([item.referenceType, item.referenceId], ['consultation', 'C-1']);
    failsWith(await fee({ consultationId: 'C-1' }), 'CONFLICT', 409);
    ok(await fee());
    ok(await fee());
    failsWith(await fee({ doctorId: 'nobody' }), 'NOT_FOUND', 404);
    failsWith(await fee({ doctorId: undefined }), 'VALIDATION_FAILED', 400);
    const other = await k.hospital();
    failsWith(await fee({ idpTeamId: other.team, idpUserId: other.receptionist.idpUserId }), 'NOT_FOUND', 404);
  });

  test('applying and voiding a charge are webhook events, queued with the change; a refused charge queues none', async () => {
    const events = await listenToEvents(t(), h.organizationId);
    const { item } = ok(await apply({ quantity: 2 }));
    failsWith(await apply({ serviceId: 'no-such-service' }), 'NOT_FOUND', 404);
    ok(await call('voidCharge', { idpTeamId: h.team, idpUserId: h.receptionist.idpUserId, reason: 'entered twice', chargeId: item.id }));
    const queued = await events();
    assert.deepEqual(queued.map((e) => e.type), ['charge.applied', 'charge.voided']);
    assert.equal(queued[0]!.data.charge.id, item.id);
    assert.equal(queued[0]!.data.charge.amount, item.amount);
    assert.equal(queued[1]!.data.charge.voidReason, 'entered twice');
  });

  test('a charge after billing was cleared re-opens billing, logged; discharge then needs clearing again', async () => {
    const own = await k.hospital();
    const service = await k.service(own.organizationId, { price: 10 });
    const stay = ok(await k.admit(own, { status: 'ADMITTED' })).item.id;
    ok(await k.update(own, stay, { billingClearedAt: 1 }));
    ok(await call('applyCharge', { idpTeamId: own.team, idpUserId: own.receptionist.idpUserId, serviceId: service, chargeType: 'x', admissionId: stay }));
    const admission = await k.getAdmission(own.organizationId, stay);
    assert.equal(admission.billingClearedAt, null);
    const last = (await k.logs(stay)).at(-1)!;
    assert.equal(last.event, 'BILLING_REOPENED');
    assert.equal(last.performedByUserId, own.receptionist.userId);
    failsWith(await k.update(own, stay, { status: 'DISCHARGED' }), 'INVALID_STATE', 409);
  });

  test('getChargesForAdmission with a member\'s token of another organization is NOT_FOUND, like an unknown team', async () => {
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
    failsWith(await call('getChargesForAdmission', { idpTeamId: h.team, admissionId }, outsider.token), 'NOT_FOUND', 404);
    failsWith(await call('getChargesForAdmission', { idpTeamId: 'nope', admissionId }), 'NOT_FOUND', 404);
    assert.ok(ok(await call('getChargesForAdmission', { idpTeamId: h.team, admissionId }, h.doctor.token)).items.length > 0);
  });
});
