import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { dateIn } from '../../time/zone.ts';
import type { Hospital } from '../admissions/admissions.testkit.ts';
import { creditLines } from './billing.credits.ts';
import { financialYearOf } from './billing.numbering.ts';
import type { LineRow, StoredDocument } from './billing.read.ts';
import { billingKit, GSTIN, OTHER_STATE_GSTIN } from './billing.testkit.ts';

const yearPart = () => {
  const fy = financialYearOf(dateIn('Asia/Kolkata', Date.now()));
  return `${fy.slice(2, 4)}${fy.slice(5, 7)}`;
};

test("a line credited bit by bit carries parts of its discount that add up to it exactly", () => {
  const line = { id: 'l', organizationId: 'o', documentId: 'inv', position: 0, description: 'Kit', code: null, quantity: 3, unitPrice: 1000, discount: 100, taxRate: 0, exempt: 1, gross: 3000, taxable: 2900, cgst: 0, sgst: 0, igst: 0, total: 2900, sourceType: 'admissionCharge', sourceId: 'c' } satisfies LineRow;
  const invoice = { row: { id: 'inv', number: 'BOS/2627/1' }, lines: [line] } as Pick<StoredDocument, 'lines'> & { row: Pick<StoredDocument['row'], 'id' | 'number'> };
  const part = (credited: number) => creditLines(invoice as StoredDocument, new Map([[0, credited]]), [{ position: 0, quantity: 1 }])[0]!.discount;
  // 100 × 1/3 = 33.3 → 33; 100 × 2/3 = 66.7 → 67, less 33 = 34; 100 less 67 = 33
  assert.deepEqual([part(0), part(1000), part(2000)], [33, 34, 33]);
  assert.equal(creditLines(invoice as StoredDocument, new Map(), undefined)[0]!.discount, 100, 'the whole line: its whole discount');
  // half a unit after half a unit: 100 × 1/3 = 33.3 → 33, less 100 × 1/6 = 16.7 → 17
  assert.equal(creditLines(invoice as StoredDocument, new Map([[0, 500]]), [{ position: 0, quantity: 0.5 }])[0]!.discount, 16);
});

describeEachDialect('billing: credit notes', (t) => {
  const b = billingKit(t);
  const creditNote = (h: Hospital, data: Record<string, unknown>, token = h.accountant.token) => b.billing('issueCreditNote', { organizationId: h.organizationId, reason: 'returned unused', ...data }, token);
  const documentOf = async (h: Hospital, id: string) => ok(await b.billing('getDocument', { organizationId: h.organizationId, id }, h.accountant.token)).item;
  const cancel = (h: Hospital, id: string) => b.billing('cancelDocument', { organizationId: h.organizationId, id, reason: 'issued by mistake' }, h.accountant.token);
  const lineFigures = (l: Record<string, unknown>) => [l.description, l.code, l.quantity, l.unitPrice, l.taxable, l.cgst, l.sgst, l.igst, l.total, l.sourceType, l.sourceId];

  test('against a partly paid invoice: one of three, then the rest; CGST and SGST as the rules have them; the balance goes below zero', async () => {
    const h = await b.gstHospital();
    const admissionId = await b.admissionWith(h, [{ price: 99.99, taxPercent: 12, quantity: 3, name: 'Dressing kit', sacCode: '999312' }]);
    ok(await b.pay(h, admissionId, 100));
    const invoice = ok(await b.invoiceAdmission(h, admissionId)).item;
    // 299.97 + 18.00 + 18.00 = 335.97 → 336
    assert.deepEqual([invoice.totals.grandTotal, invoice.paid, invoice.balance, invoice.paymentStatus], [336, 100, 236, 'PARTLY_PAID']);

    failsWith(await creditNote(h, { invoiceId: invoice.id }, h.receptionist.token), 'FORBIDDEN', 403);
    const one = ok(await creditNote(h, { invoiceId: invoice.id, reason: 'one kit returned unused', lines: [{ position: 0, quantity: 1 }] })).item;
    assert.deepEqual([one.kind, one.number, one.sourceType, one.sourceId, one.againstId, one.placeOfSupply, one.notes], ['CREDIT_NOTE', `CN/${yearPart()}/1`, 'invoice', invoice.id, invoice.id, '27', ['Reason: one kit returned unused']]);
    // 99.99 × 6% = 5.9994 → 6.00 each; 111.99 → 112
    assert.deepEqual(one.lines.map(lineFigures), [['Dressing kit', '999312', 1, 99.99, 99.99, 6, 6, 0, 111.99, 'invoiceLine', `${invoice.id}:0`]]);
    assert.deepEqual(one.totals, { gross: 99.99, discount: 0, taxable: 99.99, exempt: 0, cgst: 6, sgst: 6, igst: 0, tax: 12, total: 111.99, roundOff: 0.01, grandTotal: 112 });
    const afterOne = await documentOf(h, invoice.id);
    assert.deepEqual([afterOne.paid, afterOne.credited, afterOne.balance, afterOne.paymentStatus], [100, 112, 124, 'PARTLY_PAID']);

    const rest = ok(await creditNote(h, { invoiceId: invoice.id })).item;
    // 199.98 × 6% = 11.9988 → 12.00 each; 223.98, and the notes' running total 335.97 → 336 less 112 = 224
    assert.equal(rest.number, `CN/${yearPart()}/2`);
    assert.deepEqual(rest.lines.map(lineFigures), [['Dressing kit', '999312', 2, 99.99, 199.98, 12, 12, 0, 223.98, 'invoiceLine', `${invoice.id}:0`]]);
    assert.deepEqual([rest.totals.total, rest.totals.roundOff, rest.totals.grandTotal], [223.98, 0.02, 224]);
    const credited = await documentOf(h, invoice.id);
    assert.deepEqual([credited.credited, credited.balance, credited.paymentStatus], [336, -100, 'PAID']);
    failsWith(await creditNote(h, { invoiceId: invoice.id }), 'INVALID_STATE', 409);
  });

  test("an inter-state invoice's credit note is IGST, with the invoice's seller, even after the organization's GSTIN moved to the buyer's state", async () => {
    const h = await b.gstHospital();
    const invoice = ok(await b.invoiceAdmission(h, await b.admissionWith(h, [{ price: 99.99, taxPercent: 18, quantity: 3 }]), { buyerGstin: OTHER_STATE_GSTIN })).item;
    assert.equal(invoice.totals.igst, 53.99);
    ok(await b.call('organizations', 'update', { id: h.organizationId, settings: { gstin: OTHER_STATE_GSTIN } }));
    const today = ok(await b.invoiceAdmission(h, await b.admissionWith(h, [{ price: 99.99, taxPercent: 18 }]), { buyerGstin: OTHER_STATE_GSTIN })).item;
    assert.deepEqual([today.totals.cgst > 0, today.totals.igst], [true, 0], 'a new invoice is within the state now');
    const note = ok(await creditNote(h, { invoiceId: invoice.id, lines: [{ position: 0, quantity: 1 }] })).item;
    // 99.99 × 18% = 17.9982 → 18.00 IGST; 117.99 → 118
    assert.deepEqual([note.totals.cgst, note.totals.sgst, note.totals.igst, note.totals.total, note.totals.grandTotal], [0, 0, 18, 117.99, 118]);
    assert.deepEqual([note.placeOfSupply, note.seller.gstin, note.buyer.gstin, note.taxRegime], ['29', GSTIN, OTHER_STATE_GSTIN, 'in_gst']);
  });

  test('never more than was invoiced: per line, and what is left is credited to the paisa of the grand total', async () => {
    const h = await b.gstHospital();
    const invoice = ok(await b.invoiceAdmission(h, await b.admissionWith(h, [{ price: 1.5, taxPercent: 0, quantity: 3 }, { price: 50, taxPercent: 5 }]))).item;
    // 4.50 + 50.00 + 2.50 = 57.00
    assert.equal(invoice.totals.grandTotal, 57);
    failsWith(await creditNote(h, { invoiceId: invoice.id, lines: [{ position: 0, quantity: 4 }] }), 'INVALID_STATE', 409);
    failsWith(await creditNote(h, { invoiceId: invoice.id, lines: [{ position: 7 }] }), 'VALIDATION_FAILED', 400);
    failsWith(await creditNote(h, { invoiceId: invoice.id, lines: [{ position: 0 }, { position: 0 }] }), 'VALIDATION_FAILED', 400);
    failsWith(await creditNote(h, { invoiceId: invoice.id, lines: [] }), 'VALIDATION_FAILED', 400);
    failsWith(await creditNote(h, { invoiceId: invoice.id, lines: [{ position: 0, quantity: 0.0001 }] }), 'VALIDATION_FAILED', 400);
    failsWith(await creditNote(h, { invoiceId: invoice.id, reason: ' ' }), 'VALIDATION_FAILED', 400);
    failsWith(await creditNote(h, { invoiceId: invoice.id, reason: 'x'.repeat(501) }), 'VALIDATION_FAILED', 400);
    // 1.50 a unit: each note rounds the running total, so three of them add up to the line's 4.50 → 5.00 ... and not 6.00
    const grand = async (quantity: number) => ok(await creditNote(h, { invoiceId: invoice.id, lines: [{ position: 0, quantity }] })).item.totals.grandTotal as number;
    assert.deepEqual([await grand(1), await grand(1)], [2, 1]);
    failsWith(await creditNote(h, { invoiceId: invoice.id, lines: [{ position: 0, quantity: 1.5 }] }), 'INVALID_STATE', 409);
    const rest = ok(await creditNote(h, { invoiceId: invoice.id })).item;
    assert.deepEqual(rest.lines.map((l: { position: number; quantity: number }) => l.quantity), [1, 1]);
    assert.equal((await documentOf(h, invoice.id)).credited, 57, 'everything credited: exactly the grand total');
    assert.equal((await documentOf(h, invoice.id)).balance, 0);
  });

  test('what may be credited: a live invoice of the organization, not a receipt or a credit note; a refund of its admission as the reference', async () => {
    const h = await b.gstHospital();
    const admissionId = await b.admissionWith(h, [{ price: 200, taxPercent: 0 }]);
    const invoice = ok(await b.invoiceAdmission(h, admissionId)).item;
    const payment = ok(await b.pay(h, admissionId, 200)).item;
    const rct = ok(await b.billing('issueReceipt', { organizationId: h.organizationId, paymentId: payment.id }, h.receptionist.token)).item;
    failsWith(await creditNote(h, { invoiceId: rct.id }), 'INVALID_STATE', 409);
    const refund = ok(await b.call('admissions', 'refundPayment', { organizationId: h.organizationId, admissionId, amount: 200, method: 'upi', reason: 'procedure not done' }, h.accountant.token)).item;
    failsWith(await creditNote(h, { invoiceId: invoice.id, refundPaymentId: payment.id }), 'VALIDATION_FAILED', 400);
    const note = ok(await creditNote(h, { invoiceId: invoice.id, refundPaymentId: refund.id })).item;
    assert.deepEqual([note.reference, note.method, note.totals.grandTotal], [refund.id, 'upi', 200]);
    // Paid 200, credited 200 and the 200 given back: nothing owed either way.
    const settled = ok(await b.billing('getDocument', { organizationId: h.organizationId, id: invoice.id }, h.accountant.token)).item;
    assert.deepEqual([settled.paid, settled.credited, settled.balance], [0, 200, 0]);
    const owed = ok(await b.billing('outstandingReport', { organizationId: h.organizationId }, h.accountant.token));
    assert.equal(owed.total, 0);
    failsWith(await creditNote(h, { invoiceId: note.id }), 'INVALID_STATE', 409);
    await b.addCharge(h, admissionId, { price: 100, taxPercent: 0 });
    const second = ok(await b.invoiceAdmission(h, admissionId)).item;
    failsWith(await creditNote(h, { invoiceId: second.id, refundPaymentId: refund.id }), 'CONFLICT', 409);
    failsWith(await creditNote(h, { invoiceId: invoice.id }, h.doctor.token), 'FORBIDDEN', 403);
    const other = await b.gstHospital();
    failsWith(await creditNote(other, { invoiceId: invoice.id }), 'NOT_FOUND', 404);
    failsWith(await creditNote(other, { invoiceId: other.organizationId }), 'NOT_FOUND', 404);
  });

  test('cancelling: an invoice is refused while a credit note is against it; the note is cancelled, the balance is back, and the charges it credited stay billed by the invoice', async () => {
    const h = await b.gstHospital();
    const admissionId = await b.admissionWith(h, [{ price: 400, taxPercent: 0 }]);
    const invoice = ok(await b.invoiceAdmission(h, admissionId)).item;
    const note = ok(await creditNote(h, { invoiceId: invoice.id })).item;
    failsWith(await b.invoiceAdmission(h, admissionId), 'INVALID_STATE', 409);
    failsWith(await cancel(h, invoice.id), 'INVALID_STATE', 409);
    ok(await cancel(h, note.id));
    const back = await documentOf(h, invoice.id);
    assert.deepEqual([back.credited, back.balance, back.paymentStatus], [0, 400, 'UNPAID']);
    ok(await cancel(h, invoice.id));
    failsWith(await creditNote(h, { invoiceId: invoice.id }), 'INVALID_STATE', 409);
    assert.equal(ok(await b.invoiceAdmission(h, admissionId)).item.lines.length, 1, 'billable again once the invoice is cancelled');
  });
});
