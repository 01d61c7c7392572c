import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { dateIn } from '../../time/zone.ts';
import type { Hospital } from '../admissions/admissions.testkit.ts';
import { listenToEvents } from '../webhooks/webhooks.testkit.ts';
import { financialYearOf } from './billing.numbering.ts';
import { billingKit } from './billing.testkit.ts';

const yearPart = () => {
  const fy = financialYearOf(dateIn('Asia/Kolkata', Date.now()));
  return `${fy.slice(2, 4)}${fy.slice(5, 7)}`;
};

describeEachDialect('billing: receipts', (t) => {
  const b = billingKit(t);
  const paymentOf = async (h: Hospital, admissionId: string, amount: number) => ok(await b.pay(h, admissionId, amount)).item.id as string;
  const receipt = (h: Hospital, data: Record<string, unknown>, token = h.receptionist.token) => b.billing('issueReceipt', { organizationId: h.organizationId, ...data }, token);
  const documentOf = async (h: Hospital, id: string) => ok(await b.billing('getDocument', { organizationId: h.organizationId, id }, h.accountant.token)).item;
  const cancel = (h: Hospital, id: string, reason = 'entered by mistake') => b.billing('cancelDocument', { organizationId: h.organizationId, id, reason }, h.accountant.token);

  test('a payment received after the invoice: its receipt is against it and lowers its balance (PARTLY_PAID → PAID)', async () => {
    const h = await b.gstHospital();
    const events = await listenToEvents(t(), h.organizationId);
    const admissionId = await b.admissionWith(h, [{ price: 1000, taxPercent: 0 }]);
    await paymentOf(h, admissionId, 400);
    const invoice = ok(await b.invoiceAdmission(h, admissionId)).item;
    assert.deepEqual([invoice.paid, invoice.balance, invoice.paymentStatus], [400, 600, 'PARTLY_PAID']);
    const paymentId = await paymentOf(h, admissionId, 600);
    const { item } = ok(await receipt(h, { paymentId }));
    assert.deepEqual([item.kind, item.number, item.againstId, item.sourceType, item.sourceId, item.method, item.reference], ['RECEIPT', `RCT/${yearPart()}/1`, invoice.id, 'payment', paymentId, 'cash', null]);
    assert.deepEqual(item.totals, { gross: 0, discount: 0, taxable: 0, exempt: 0, cgst: 0, sgst: 0, igst: 0, tax: 0, total: 600, roundOff: 0, grandTotal: 600 });
    assert.deepEqual([item.lines, item.paid, item.balance, item.placeOfSupply], [[], null, null, null]);
    const paid = await documentOf(h, invoice.id);
    assert.deepEqual([paid.paid, paid.balance, paid.paymentStatus], [1000, 0, 'PAID']);
    const issued = (await events()).filter((e) => e.type === 'document.issued').map((e) => (e.data as { document: { number: string } }).document.number);
    assert.ok(issued.includes(item.number), 'document.issued for the receipt');
  });

  test('an advance before any invoice: its receipt is against none, and the later invoice counts it once, as paid before', async () => {
    const h = await b.gstHospital();
    const admissionId = await b.admissionWith(h, [{ price: 1000, taxPercent: 0 }]);
    const advance = await paymentOf(h, admissionId, 300);
    const early = ok(await receipt(h, { paymentId: advance })).item;
    assert.equal(early.againstId, null);
    const invoice = ok(await b.invoiceAdmission(h, admissionId)).item;
    assert.deepEqual([invoice.paid, invoice.balance, invoice.paymentStatus], [300, 700, 'PARTLY_PAID']);
    // a payment between two invoices pays the first: the second counted none of it
    const between = await paymentOf(h, admissionId, 100);
    await b.addCharge(h, admissionId, { price: 50, taxPercent: 0 });
    const second = ok(await b.invoiceAdmission(h, admissionId)).item;
    assert.deepEqual([second.paid, second.balance], [0, 50], 'the 100 received after the first invoice went to it, not to the second');
    const late = ok(await receipt(h, { paymentId: between })).item;
    assert.equal(late.againstId, invoice.id, 'the oldest invoice with a balance, issued before the payment');
    assert.deepEqual([(await documentOf(h, invoice.id)).paid, (await documentOf(h, invoice.id)).balance], [400, 600]);
    assert.equal((await documentOf(h, second.id)).paid, 0);
  });

  test('money received beyond what invoices need is counted once: a receipt that overpays an invoice is not paid before again', async () => {
    const h = await b.gstHospital();
    const admissionId = await b.admissionWith(h, [{ price: 1000, taxPercent: 0 }]);
    const invoice = ok(await b.invoiceAdmission(h, admissionId)).item;
    ok(await receipt(h, { paymentId: await paymentOf(h, admissionId, 1500) }));
    assert.deepEqual([(await documentOf(h, invoice.id)).balance, (await documentOf(h, invoice.id)).paymentStatus], [-500, 'PAID']);
    await b.addCharge(h, admissionId, { price: 500, taxPercent: 0 });
    const second = ok(await b.invoiceAdmission(h, admissionId)).item;
    assert.deepEqual([second.paid, second.balance], [0, 500], 'the 500 over is shown owed back on the first invoice, not paid on the second');
  });

  test('one live receipt per payment; a refund is refused; a doctor may not issue one; another organization’s payment is not found', async () => {
    const h = await b.gstHospital();
    const admissionId = await b.admissionWith(h, [{ price: 1000, taxPercent: 0 }]);
    const paymentId = await paymentOf(h, admissionId, 200);
    const first = ok(await receipt(h, { paymentId })).item;
    const again = failsWith(await receipt(h, { paymentId }), 'CONFLICT', 409);
    assert.ok(again.message.includes(first.number), again.message);
    ok(await cancel(h, first.id));
    const second = ok(await receipt(h, { paymentId })).item;
    assert.equal(second.sequence, first.sequence + 1, 'after a cancellation, a new receipt on a new number');

    const refund = ok(await b.call('admissions', 'refundPayment', { organizationId: h.organizationId, admissionId, amount: 50, method: 'cash', reason: 'overcharged' }, h.accountant.token)).item;
    failsWith(await receipt(h, { paymentId: refund.id }), 'INVALID_STATE', 409);
    failsWith(await receipt(h, { paymentId }, h.doctor.token), 'FORBIDDEN', 403);
    failsWith(await receipt(h, {}), 'VALIDATION_FAILED', 400);
    failsWith(await receipt(h, { paymentId, appointmentId: paymentId }), 'VALIDATION_FAILED', 400);
    const other = await b.gstHospital();
    failsWith(await receipt(other, { paymentId }), 'NOT_FOUND', 404);
  });

  test("an appointment's receipt: against its invoice when paid after it, against none when the invoice counted it", async () => {
    const h = await b.gstHospital();
    const serviceId = await b.service(h.organizationId, { name: 'Consultation', category: 'consultation', price: 500, taxPercent: 0, doctorId: h.doctor.userId });
    const book = async (date: string) =>
      ok(await b.call('appointments', 'create', { organizationId: h.organizationId, patientId: h.patientId, doctorId: h.doctor.userId, serviceId, scheduledDate: date, scheduledTime: '10:00', duration: 15, type: 'consultation' })).item
        .id as string;
    const markPaid = async (id: string) => ok(await b.call('appointments', 'markPaymentSuccess', { id, organizationId: h.organizationId, paymentMethod: 'upi', gatewayPaymentId: `pay_${id.slice(-6)}` }));
    const invoiceOf = async (appointmentId: string) => ok(await b.billing('issueInvoice', { organizationId: h.organizationId, appointmentId }, h.accountant.token)).item;

    const later = await book('2031-04-01');
    failsWith(await receipt(h, { appointmentId: later }), 'INVALID_STATE', 409);
    const invoice = await invoiceOf(later);
    assert.equal(invoice.paymentStatus, 'UNPAID');
    await markPaid(later);
    const paidAfter = ok(await receipt(h, { appointmentId: later })).item;
    assert.deepEqual([paidAfter.againstId, paidAfter.totals.grandTotal, paidAfter.method, paidAfter.reference, paidAfter.sourceType], [invoice.id, 500, 'upi', `pay_${later.slice(-6)}`, 'appointment']);
    assert.deepEqual([(await documentOf(h, invoice.id)).balance, (await documentOf(h, invoice.id)).paymentStatus], [0, 'PAID']);
    failsWith(await receipt(h, { appointmentId: later }), 'CONFLICT', 409);

    const earlier = await book('2031-04-02');
    await markPaid(earlier);
    const counted = await invoiceOf(earlier);
    assert.deepEqual([counted.paid, counted.paymentStatus], [500, 'PAID']);
    const paidBefore = ok(await receipt(h, { appointmentId: earlier })).item;
    assert.equal(paidBefore.againstId, null);
    assert.equal((await documentOf(h, counted.id)).paid, 500, 'not counted twice');
  });

  test('cancelling: an invoice is refused while a receipt is against it; the receipt is cancelled with a reason and the balance is back', async () => {
    const h = await b.gstHospital();
    const admissionId = await b.admissionWith(h, [{ price: 800, taxPercent: 0 }]);
    const invoice = ok(await b.invoiceAdmission(h, admissionId)).item;
    const rct = ok(await receipt(h, { paymentId: await paymentOf(h, admissionId, 300) })).item;
    failsWith(await cancel(h, invoice.id), 'INVALID_STATE', 409);
    failsWith(await b.billing('cancelDocument', { organizationId: h.organizationId, id: rct.id, reason: 'x' }, h.receptionist.token), 'FORBIDDEN', 403);
    failsWith(await cancel(h, rct.id, ' '), 'VALIDATION_FAILED', 400);
    assert.equal(ok(await cancel(h, rct.id)).item.status, 'CANCELLED');
    const back = await documentOf(h, invoice.id);
    assert.deepEqual([back.paid, back.balance, back.paymentStatus], [0, 800, 'UNPAID']);
    assert.equal(ok(await cancel(h, invoice.id)).item.status, 'CANCELLED', 'nothing against it any more');
  });

  test('a receipt and a cancellation of its invoice at once: one after the other, never a receipt against a cancelled invoice', async () => {
    const h = await b.gstHospital();
    const admissionId = await b.admissionWith(h, [{ price: 800, taxPercent: 0 }]);
    const invoice = ok(await b.invoiceAdmission(h, admissionId)).item;
    const paymentId = await paymentOf(h, admissionId, 300);
    const [issued, cancelled] = await Promise.all([receipt(h, { paymentId }), cancel(h, invoice.id)]);
    const rct = ok(issued).item;
    if (cancelled.statusCode === 200) assert.equal(rct.againstId, null, 'the invoice was cancelled first');
    else assert.equal(rct.againstId, invoice.id, 'the receipt came first, so the cancellation was refused');
  });
});
