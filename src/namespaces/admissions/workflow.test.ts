import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { kit, type Hospital } from './admissions.testkit.ts';

/** The admission lifecycle (stage and labels), its workflow operations, payments and the discharge gate. */
describeEachDialect('admissions: workflow, payments and the discharge gate', (t) => {
  const k = kit(t);
  let h: Hospital;
  const call = (op: string, data: Record<string, unknown>, token?: string) => k.call('admissions', op, { organizationId: h.organizationId, ...data }, token);
  const staff = (role: string) => signIn(t(), { organizationId: h.organizationId, roles: [role] });
  const stage = async (id: string) => (await t().database.db.selectFrom('admissions').select('stage').where('id', '=', id).executeTakeFirstOrThrow()).stage;

  before(async () => {
    h = await k.hospital();
  });

  test('a label stays within its stage: it never moves the lifecycle back, and an ended admission takes none', async () => {
    const { item } = ok(await k.admit(h, { status: 'ADMITTED' }));
    assert.equal(ok(await k.update(h, item.id, { status: 'ON_LEAVE' })).item.status, 'ON_LEAVE');
    assert.equal(await stage(item.id), 'ADMITTED');
    const back = failsWith(await k.update(h, item.id, { status: 'REQUESTED' }), 'INVALID_STATE', 409);
    assert.match(back.message, /ON_LEAVE \(stage ADMITTED\)/);
    failsWith(await k.update(h, item.id, { status: 'CANCELLED' }), 'INVALID_STATE', 409);
    failsWith(await k.update(h, item.id, { patientId: await k.patient(h.organizationId) }), 'INVALID_STATE', 409);
    failsWith(await call('delete', { id: item.id }), 'INVALID_STATE', 409);
    ok(await k.update(h, item.id, { status: 'DISCHARGE_REQUESTED' }));
    ok(await k.update(h, item.id, { status: 'DISCHARGED' }));
    failsWith(await k.update(h, item.id, { status: 'ON_LEAVE' }), 'INVALID_STATE', 409);
    assert.equal((await k.getAdmission(h.organizationId, item.id)).status, 'DISCHARGED');

    const waiting = ok(await k.admit(h, { status: 'AWAITING_BED' })).item;
    assert.equal(await stage(waiting.id), 'REQUESTED');
    ok(await k.update(h, waiting.id, { patientId: await k.patient(h.organizationId) }));
    ok(await call('delete', { id: waiting.id }));
  });

  test('admit, transfer, requestDischarge, discharge: the bed follows in one transaction; each runs only from its stage', async () => {
    const [first, second, taken] = [await k.bed(h), await k.bed(h), await k.bed(h)];
    ok(await k.admit(h, { bedId: taken, status: 'ADMITTED' }));
    const requested = ok(await k.admit(h)).item;
    failsWith(await call('transfer', { id: requested.id, bedId: second }), 'INVALID_STATE', 409);
    const admitted = ok(await call('admit', { id: requested.id, bedId: first }, h.receptionist.token)).item;
    assert.deepEqual([admitted.status, admitted.bedId, admitted.wardId], ['ADMITTED', first, h.wardId]);
    assert.equal((await k.getBed(h.organizationId, first)).status, 'OCCUPIED');
    failsWith(await call('admit', { id: requested.id }), 'INVALID_STATE', 409);

    failsWith(await call('transfer', { id: requested.id, bedId: taken }), 'CONFLICT', 409);
    assert.equal((await k.getAdmission(h.organizationId, requested.id)).bedId, first, 'a refused transfer changes nothing');
    const nurse = await staff('nurse');
    const moved = ok(await call('transfer', { id: requested.id, bedId: second, reason: 'needs oxygen' }, nurse.token)).item;
    assert.equal(moved.bedId, second);
    assert.deepEqual([(await k.getBed(h.organizationId, first)).status, (await k.getBed(h.organizationId, second)).status], ['AVAILABLE', 'OCCUPIED']);
    const log = (await k.logs(requested.id)).find((l) => l.event === 'BED_CHANGED');
    assert.match(String(log?.notes), /needs oxygen/);

    ok(await call('requestDischarge', { id: requested.id, dischargeReason: 'recovered' }, h.doctor.token));
    failsWith(await call('requestDischarge', { id: requested.id }), 'INVALID_STATE', 409);
    const out = ok(await call('discharge', { id: requested.id, dischargeSummary: 'Well' }, h.doctor.token)).item;
    assert.equal(out.status, 'DISCHARGED');
    assert.equal((await k.getBed(h.organizationId, second)).status, 'AVAILABLE');
    failsWith(await call('transfer', { id: requested.id, bedId: first }), 'INVALID_STATE', 409);
  });

  test('cancel: a request with its reason logged; an admitted patient is discharged, not cancelled', async () => {
    const bedId = await k.bed(h);
    const requested = ok(await k.admit(h, { bedId })).item;
    failsWith(await call('cancel', { id: requested.id }), 'VALIDATION_FAILED', 400);
    ok(await call('cancel', { id: requested.id, reason: 'went to another hospital' }, h.receptionist.token));
    assert.equal((await k.getBed(h.organizationId, bedId)).status, 'AVAILABLE');
    assert.match(String((await k.logs(requested.id)).find((l) => l.event === 'CANCELLED')?.notes), /another hospital/);
    const admitted = ok(await k.admit(h, { status: 'ADMITTED' })).item;
    failsWith(await call('cancel', { id: admitted.id, reason: 'x' }), 'INVALID_STATE', 409);
  });

  test('a payment whose reference is already recorded for the admission is 409 naming it; another admission may have it', async () => {
    const { item } = ok(await k.admit(h, { status: 'ADMITTED' }));
    await k.charge(h, item.id, 500);
    const payment = (admissionId: string, data: Record<string, unknown> = {}) =>
      call('recordPayment', { admissionId, amount: 100, method: 'upi', reference: 'UPI-4471', ...data }, h.accountant.token);
    const first = ok(await payment(item.id)).item;
    const again = failsWith(await payment(item.id, { amount: 120 }), 'CONFLICT', 409);
    assert.deepEqual(again.details, [{ path: 'reference', message: 'already recorded for this admission', recordId: first.id }]);
    assert.deepEqual(ok(await call('listPayments', { admissionId: item.id })).items.map((p: { id: string }) => p.id), [first.id], 'recorded once');
    ok(await payment(item.id, { reference: 'UPI-4472' }));
    ok(await call('refundPayment', { admissionId: item.id, amount: 20, method: 'upi', reason: 'overcharged', reference: 'UPI-4471', refundOf: first.id }, h.accountant.token));
    const other = ok(await k.admit(h, { status: 'ADMITTED' })).item;
    await k.charge(h, other.id, 500);
    ok(await payment(other.id));
  });

  test('payments and refunds: the balance is computed (charges - advance - payments), refunds never exceed what was paid', async () => {
    const { item } = ok(await k.admit(h, { status: 'ADMITTED', advanceAmount: 100 }));
    await k.charge(h, item.id, 450.5);
    const paid = ok(await k.pay(h, item.id, 200.25));
    assert.deepEqual([paid.item.amount, paid.balanceDue], [200.25, 150.25]);
    ok(await k.pay(h, item.id, 150.25, h.receptionist.token));
    failsWith(await k.pay(h, item.id, 0), 'VALIDATION_FAILED', 400);
    failsWith(await k.pay(h, item.id, 10.001), 'VALIDATION_FAILED', 400);
    failsWith(await k.pay(h, item.id, 5, h.doctor.token), 'FORBIDDEN', 403);

    const refund = (data: Record<string, unknown>, token = h.accountant.token) =>
      call('refundPayment', { admissionId: item.id, method: 'cash', reason: 'overcharged', ...data }, token);
    failsWith(await refund({ amount: 10, reason: undefined }), 'VALIDATION_FAILED', 400);
    failsWith(await refund({ amount: 350.51 }), 'INVALID_STATE', 409);
    failsWith(await refund({ amount: 10, refundOf: paid.item.id }, h.receptionist.token), 'FORBIDDEN', 403);
    failsWith(await refund({ amount: 200.26, refundOf: paid.item.id }), 'INVALID_STATE', 409);
    const back = ok(await refund({ amount: 50, refundOf: paid.item.id }));
    assert.deepEqual([back.item.amount, back.item.reason, back.balanceDue], [-50, 'overcharged', 50]);

    const listed = ok(await call('listPayments', { admissionId: item.id }));
    assert.deepEqual(listed.items.map((p: { amount: number }) => p.amount), [200.25, 150.25, -50]);
    assert.deepEqual([listed.paymentsReceived, listed.balanceDue], [300.5, 50]);
    const bill = ok(await call('getAdmittedPatientDetailForBilling', { admissionId: item.id, organizationSlug: h.slug }));
    assert.deepEqual([bill.totals.totalAmount, bill.advancePaid, bill.paymentsReceived, bill.balanceDue], [450.5, 100, 300.5, 50]);
    assert.deepEqual((await k.events(item.id)).filter((e) => String(e).includes('RECORDED')), ['ADVANCE_RECORDED', 'PAYMENT_RECORDED', 'PAYMENT_RECORDED', 'REFUND_RECORDED']);
  });

  test('the gate: money due refuses discharge; only an admin or accountant overrides, with a reason, logged and audited', async () => {
    const bedId = await k.bed(h);
    const { item } = ok(await k.admit(h, { bedId, status: 'ADMITTED' }));
    await k.charge(h, item.id, 500);
    ok(await k.pay(h, item.id, 200));
    const refused = failsWith(await call('discharge', { id: item.id }, h.doctor.token), 'INVALID_STATE', 409);
    assert.match(refused.message, /300\.00 due/);
    failsWith(await call('discharge', { id: item.id, override: { reason: 'family will pay' } }, h.doctor.token), 'FORBIDDEN', 403);
    failsWith(await call('discharge', { id: item.id, override: {} }, h.accountant.token), 'VALIDATION_FAILED', 400);
    assert.equal(await stage(item.id), 'ADMITTED');
    const out = ok(await call('discharge', { id: item.id, override: { reason: 'family will pay on Monday' } }, h.accountant.token)).item;
    assert.equal(out.status, 'DISCHARGED');
    const override = (await k.logs(item.id)).find((l) => l.event === 'DISCHARGE_OVERRIDE');
    assert.match(String(override?.notes), /300\.00 due: family will pay on Monday/);
    assert.equal(override?.performedByUserId, h.accountant.userId);
    const audit = await t().database.db.selectFrom('auditLog').select('operation').where('recordId', '=', item.id).execute();
    assert.ok(audit.some((a) => a.operation === 'admissions.discharge'));
    ok(await k.pay(h, item.id, 300)); // a bill may be settled after discharge
    assert.equal(ok(await call('listPayments', { admissionId: item.id })).balanceDue, 0);
  });

  test('a charge racing a discharge: never both (the discharge never goes out with money due)', async () => {
    const serviceId = await k.service(h.organizationId, { price: 100, taxPercent: 0 });
    for (let i = 0; i < 6; i += 1) {
      const { item } = ok(await k.admit(h, { status: 'ADMITTED' }));
      const [charged, discharged] = await Promise.all([
        k.call('admissionCharges', 'applyCharge', { idpTeamId: h.team, idpUserId: h.receptionist.idpUserId, serviceId, chargeType: 'procedure', admissionId: item.id }),
        call('discharge', { id: item.id }, h.doctor.token),
      ]);
      assert.notEqual(charged.statusCode === 200 && discharged.statusCode === 200, true, 'a charge and a discharge both went through');
      assert.equal([charged, discharged].filter((r) => r.statusCode === 200).length, 1);
      for (const r of [charged, discharged]) if (r.statusCode !== 200) assert.equal(r.body.error.code, 'INVALID_STATE');
    }
  });
});
