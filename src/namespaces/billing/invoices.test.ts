import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { dateIn } from '../../time/zone.ts';
import { listenToEvents } from '../webhooks/webhooks.testkit.ts';
import { financialYearOf } from './billing.numbering.ts';
import { billingKit, GSTIN, OTHER_STATE_GSTIN } from './billing.testkit.ts';
import { orderInput } from '../labOrders/labOrders.testkit.ts';

/** The year's part of a number issued today, e.g. '2627' (the tests run on the real clock). */
const yearPart = () => {
  const fy = financialYearOf(dateIn('Asia/Kolkata', Date.now()));
  return `${fy.slice(2, 4)}${fy.slice(5, 7)}`;
};

describeEachDialect('billing: invoices', (t) => {
  const b = billingKit(t);

  test("an admission's charges: a tax invoice, numbered, with CGST and SGST worked out per line", async () => {
    const h = await b.gstHospital();
    const events = await listenToEvents(t(), h.organizationId);
    const admissionId = await b.admissionWith(h, [
      { price: 99.99, taxPercent: 12, quantity: 3, name: 'Dressing kit', sacCode: '999312' },
      { price: 10.01, taxPercent: 5, name: 'Gloves' },
      { price: 1500, taxPercent: 0, quantity: 2, name: 'Bed (general ward)' },
    ]);
    const { item } = ok(await b.invoiceAdmission(h, admissionId));
    assert.equal(item.kind, 'TAX_INVOICE');
    assert.equal(item.number, `INV/${yearPart()}/1`);
    assert.equal(item.sequence, 1);
    assert.equal(item.seller.gstin, GSTIN);
    assert.equal(item.placeOfSupply, '27');
    // 99.99 x 3 = 299.97; 6% of it = 17.9982 → 18.00 each for CGST and SGST
    assert.deepEqual(
      item.lines.map((l: Record<string, unknown>) => [l.description, l.code, l.taxable, l.cgst, l.sgst, l.igst, l.total, l.exempt]),
      [
        ['Dressing kit', '999312', 299.97, 18, 18, 0, 335.97, false],
        ['Gloves', null, 10.01, 0.25, 0.25, 0, 10.51, false],
        ['Bed (general ward)', null, 3000, 0, 0, 0, 3000, true],
      ],
    );
    assert.deepEqual(item.totals, { gross: 3309.98, discount: 0, taxable: 3309.98, exempt: 3000, cgst: 18.25, sgst: 18.25, igst: 0, tax: 36.5, total: 3346.48, roundOff: -0.48, grandTotal: 3346 });
    assert.equal(item.paymentStatus, 'UNPAID');
    assert.equal(item.balance, 3346);
    assert.equal(item.status, 'ISSUED');
    const issued = (await events()).find((e) => e.type === 'document.issued');
    assert.equal((issued?.data as { document: { number: string } }).document.number, item.number);
  });

  test('a buyer in another state: IGST instead of CGST and SGST', async () => {
    const h = await b.gstHospital();
    const admissionId = await b.admissionWith(h, [{ price: 99.99, taxPercent: 18, quantity: 3 }]);
    const { item } = ok(await b.invoiceAdmission(h, admissionId, { buyerGstin: OTHER_STATE_GSTIN }));
    assert.equal(item.placeOfSupply, '29');
    assert.equal(item.buyer.gstin, OTHER_STATE_GSTIN);
    // 18% of 299.97 = 53.9946 → 53.99
    assert.deepEqual([item.totals.cgst, item.totals.sgst, item.totals.igst, item.totals.total], [0, 0, 53.99, 353.96]);
  });

  test('only exempt lines, or an organization not registered for GST: a bill of supply in its own series', async () => {
    const h = await b.gstHospital();
    const exempt = ok(await b.invoiceAdmission(h, await b.admissionWith(h, [{ price: 500, taxPercent: 0 }]))).item;
    assert.equal(exempt.kind, 'BILL_OF_SUPPLY');
    assert.equal(exempt.number, `BOS/${yearPart()}/1`);
    const unregistered = await b.gstHospital({});
    const plain = ok(await b.invoiceAdmission(unregistered, await b.admissionWith(unregistered, [{ price: 100, taxPercent: 18 }]))).item;
    assert.equal(plain.kind, 'BILL_OF_SUPPLY');
    assert.equal(plain.totals.tax, 0, 'no GST without a GSTIN');
    assert.equal(plain.placeOfSupply, null);
  });

  test('GST without a GSTIN is refused; a GSTIN with a wrong check character is 400', async () => {
    const h = await b.gstHospital({ taxRegime: 'in_gst' });
    failsWith(await b.invoiceAdmission(h, await b.admissionWith(h, [{ price: 100, taxPercent: 18 }])), 'INVALID_STATE', 409);
    failsWith(await b.call('organizations', 'update', { id: h.organizationId, settings: { gstin: '27AAPFU0939F1ZW' } }), 'VALIDATION_FAILED', 400);
  });

  test('interim and final bills: each charge is billed once; money received is applied in order', async () => {
    const h = await b.gstHospital();
    const admissionId = await b.admissionWith(h, [{ price: 1000, taxPercent: 0 }]);
    ok(await b.pay(h, admissionId, 1200));
    const first = ok(await b.invoiceAdmission(h, admissionId)).item;
    assert.equal(first.subject, `Interim bill of admission ${admissionId}`);
    assert.deepEqual([first.paid, first.balance, first.paymentStatus], [1000, 0, 'PAID']);
    failsWith(await b.invoiceAdmission(h, admissionId), 'INVALID_STATE', 409);
    await b.addCharge(h, admissionId, { price: 500, taxPercent: 0 });
    const second = ok(await b.invoiceAdmission(h, admissionId)).item;
    assert.equal(second.lines.length, 1, 'only the new charge');
    assert.equal(second.sequence, first.sequence + 1);
    assert.deepEqual([second.paid, second.balance, second.paymentStatus], [200, 300, 'PARTLY_PAID']);
  });

  test("an appointment's fee: billed once, paid or not", async () => {
    const h = await b.gstHospital();
    const serviceId = await b.service(h.organizationId, { name: 'Consultation', category: 'consultation', price: 500, taxPercent: 0, sacCode: '999312', doctorId: h.doctor.userId });
    const appointment = ok(
      await b.call('appointments', 'create', { organizationId: h.organizationId, patientId: h.patientId, doctorId: h.doctor.userId, serviceId, scheduledDate: '2031-03-04', scheduledTime: '10:00', duration: 15, type: 'consultation' }),
    ).item;
    const { item } = ok(await b.billing('issueInvoice', { organizationId: h.organizationId, appointmentId: appointment.id }, h.accountant.token));
    assert.equal(item.kind, 'BILL_OF_SUPPLY');
    assert.deepEqual([item.lines[0].description, item.lines[0].code, item.totals.grandTotal, item.paymentStatus], ['Consultation', '999312', 500, 'UNPAID']);
    failsWith(await b.billing('issueInvoice', { organizationId: h.organizationId, appointmentId: appointment.id }, h.accountant.token), 'CONFLICT', 409);
    failsWith(await b.billing('issueInvoice', { organizationId: h.organizationId }, h.accountant.token), 'VALIDATION_FAILED', 400);
  });

  test("a lab order's priced tests: billed once; one charged to an admission is billed there instead", async () => {
    const h = await b.gstHospital();
    const taxed = await b.service(h.organizationId, { name: 'Home sample pickup', category: 'lab', price: 100, taxPercent: 18, sacCode: '999316' });
    const order = ok(
      await b.call('labOrders', 'create', orderInput({ organizationId: h.organizationId, patientId: h.patientId }, { tests: [
        { name: 'Complete blood count', code: 'CBC', price: 350.5, quantity: 2 },
        { name: 'Pickup', serviceId: taxed, price: 100 },
        { name: 'Not priced' },
      ] })),
    ).item;
    const issueFor = (labOrderId: string) => b.billing('issueInvoice', { organizationId: h.organizationId, labOrderId }, h.accountant.token);
    const { item } = ok(await issueFor(order.id));
    assert.equal(item.kind, 'TAX_INVOICE');
    assert.deepEqual(
      item.lines.map((l: Record<string, unknown>) => [l.description, l.code, l.quantity, l.taxable, l.cgst, l.exempt]),
      [['Complete blood count', null, 2, 701, 0, true], ['Pickup', '999316', 1, 100, 9, false]],
    );
    assert.equal(item.totals.grandTotal, 819);
    failsWith(await issueFor(order.id), 'CONFLICT', 409);
    failsWith(await b.billing('issueInvoice', { organizationId: h.organizationId, labOrderId: order.id, appointmentId: order.id }, h.accountant.token), 'VALIDATION_FAILED', 400);

    const admissionId = ok(await b.admit(h, { status: 'ADMITTED' })).item.id;
    const charged = ok(await b.call('labOrders', 'create', orderInput({ organizationId: h.organizationId, patientId: h.patientId }))).item;
    const labService = await b.service(h.organizationId, { name: 'Lab', category: 'lab', price: 300, taxPercent: 0 });
    ok(await b.call('admissionCharges', 'applyLabCharge', { idpTeamId: h.team, idpUserId: h.accountant.idpUserId, serviceId: labService, labOrderId: charged.id, admissionId }, h.accountant.token));
    failsWith(await issueFor(charged.id), 'CONFLICT', 409);
  });

  test('cancelling: with a reason, before anything is paid, by an accountant; it keeps its number and its charges are billable again', async () => {
    const h = await b.gstHospital();
    const admissionId = await b.admissionWith(h, [{ price: 300, taxPercent: 18 }]);
    const invoice = ok(await b.invoiceAdmission(h, admissionId)).item;
    failsWith(await b.billing('cancelDocument', { organizationId: h.organizationId, id: invoice.id, reason: 'wrong patient' }, h.receptionist.token), 'FORBIDDEN', 403);
    failsWith(await b.billing('cancelDocument', { organizationId: h.organizationId, id: invoice.id, reason: ' ' }, h.accountant.token), 'VALIDATION_FAILED', 400);
    const cancelled = ok(await b.billing('cancelDocument', { organizationId: h.organizationId, id: invoice.id, reason: 'wrong patient' }, h.accountant.token)).item;
    assert.deepEqual([cancelled.status, cancelled.number, cancelled.cancellation.reason], ['CANCELLED', invoice.number, 'wrong patient']);
    failsWith(await b.billing('cancelDocument', { organizationId: h.organizationId, id: invoice.id, reason: 'again' }, h.accountant.token), 'INVALID_STATE', 409);
    const again = ok(await b.invoiceAdmission(h, admissionId)).item;
    assert.equal(again.sequence, invoice.sequence + 1, 'a new number: the cancelled one is never reused');

    ok(await b.pay(h, admissionId, 10));
    const paidAdmission = await b.admissionWith(h, [{ price: 100, taxPercent: 0 }]);
    ok(await b.pay(h, paidAdmission, 50));
    const paid = ok(await b.invoiceAdmission(h, paidAdmission)).item;
    failsWith(await b.billing('cancelDocument', { organizationId: h.organizationId, id: paid.id, reason: 'typo' }, h.accountant.token), 'INVALID_STATE', 409);
  });

  test('an issued document never changes: the database refuses to update or delete it', async () => {
    const h = await b.gstHospital();
    const invoice = ok(await b.invoiceAdmission(h, await b.admissionWith(h, [{ price: 100, taxPercent: 5 }]))).item;
    const db = t().database.db;
    await assert.rejects(sql`update "billingDocuments" set "grandTotal" = 1 where "id" = ${invoice.id}`.execute(db), /append-only/);
    await assert.rejects(sql`delete from "billingDocumentLines" where "documentId" = ${invoice.id}`.execute(db), /append-only/);
    await assert.rejects(sql`delete from "billingCancellations"`.execute(db), /append-only/);
    assert.equal(ok(await b.billing('getDocument', { organizationId: h.organizationId, id: invoice.id }, h.accountant.token)).item.totals.grandTotal, invoice.totals.grandTotal);
  });

  test('numbers are gapless and unique when many are issued at once', async () => {
    const h = await b.gstHospital({ taxRegime: 'none', invoicePrefix: 'GAP', billOfSupplyPrefix: 'GAP' });
    const admissions = await Promise.all(Array.from({ length: 30 }, () => b.admissionWith(h, [{ price: 10, taxPercent: 0 }])));
    const issued = await Promise.all(admissions.map((id) => b.invoiceAdmission(h, id)));
    const sequences = issued.map((r) => ok(r).item.sequence as number).sort((x, y) => x - y);
    assert.deepEqual(sequences, Array.from({ length: 30 }, (_, i) => i + 1));
  });

  test("lists: by kind, patient and status; another organization's documents are not found", async () => {
    const h = await b.gstHospital();
    const invoice = ok(await b.invoiceAdmission(h, await b.admissionWith(h, [{ price: 100, taxPercent: 5 }]))).item;
    ok(await b.invoiceAdmission(h, await b.admissionWith(h, [{ price: 100, taxPercent: 0 }])));
    const list = async (data: Record<string, unknown>) => ok(await t().call('billing', 'listDocuments', { organizationId: h.organizationId, ...data }, { token: h.accountant.token }));
    assert.equal((await list({})).total, 2);
    assert.deepEqual((await list({ kind: 'TAX_INVOICE' })).items.map((d: { id: string }) => d.id), [invoice.id]);
    assert.equal((await list({ status: 'CANCELLED' })).total, 0);
    assert.equal((await list({ patientId: h.patientId })).total, 2);
    const other = await b.gstHospital();
    failsWith(await b.billing('getDocument', { organizationId: other.organizationId, id: invoice.id }, other.accountant.token), 'NOT_FOUND', 404);
  });
});
