import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import { invoiceFor } from './billing.documents.testkit.ts';
import { loadDocument } from './billing.read.ts';
import { billingKit, GSTIN } from './billing.testkit.ts';
import { viewOf } from './billing.view.ts';

describeEachDialect('billing: the view of a stored document (billing.view.ts)', (t) => {
  const b = billingKit(t);

  test('an invoice issued through the API: the parties as they were when issued, lines and totals in paise, what is paid', async () => {
    const h = await b.gstHospital();
    const admissionId = await b.admissionWith(h, [
      { price: 99.99, taxPercent: 12, quantity: 3, name: 'Dressing kit', sacCode: '999312' },
      { price: 1500, taxPercent: 0, name: 'Bed (general ward)' },
    ]);
    ok(await b.pay(h, admissionId, 500));
    const invoice = ok(await b.invoiceAdmission(h, admissionId)).item;
    const organizationName = ok(await b.call('organizations', 'getById', { id: h.organizationId })).item.name;
    ok(await b.call('organizations', 'update', { id: h.organizationId, name: 'Renamed Hospital' }));

    const view = await viewOf(t().database.db, await loadDocument(t().database.db, h.organizationId, invoice.id));
    assert.deepEqual([view.kind, view.number, view.issueDate, view.status, view.cancelReason], ['TAX_INVOICE', invoice.number, invoice.issueDate, 'ISSUED', null]);
    assert.equal(view.seller.name, organizationName, 'the seller as it was when the document was issued');
    assert.deepEqual([view.seller.gstin, view.seller.stateCode, view.seller.stateName, view.seller.logo], [GSTIN, '27', 'Maharashtra', null]);
    assert.deepEqual([view.buyer.name, view.buyer.reference, view.buyer.stateName], ['Asha Rao', h.patientId, null]);
    assert.deepEqual(view.placeOfSupply, { code: '27', name: 'Maharashtra' });
    assert.equal(view.subject, invoice.subject);
    assert.deepEqual(
      view.lines.map((l) => [l.description, l.code, l.quantity, l.unitPrice, l.taxRate, l.exempt, l.taxable, l.cgst, l.sgst, l.total]),
      [
        ['Dressing kit', '999312', 3, 9999, 1200, false, 29997, 1800, 1800, 33597],
        ['Bed (general ward)', null, 1, 150000, 0, true, 150000, 0, 0, 150000],
      ],
    );
    assert.deepEqual(view.byRate, [{ taxRate: 1200, taxable: 29997, cgst: 1800, sgst: 1800, igst: 0 }]);
    assert.deepEqual([view.totals.grandTotal, view.totals.roundOff, view.totals.tax], [183600, 3, 3600]);
    assert.deepEqual(view.payment, { paid: 50000, balance: 133600, status: 'PARTLY_PAID' });
    assert.deepEqual([view.received, view.against, view.qrPayload, view.notes], [null, null, null, []]);
    assert.match(view.issuedBy ?? '', /^User /, "the accountant's name");
  });

  test('a receipt: what was received, how, its reference in the QR code, the invoice it is against; the invoice counts it paid', async () => {
    const h = await b.gstHospital();
    const invoice = await invoiceFor(b, h, h.patientId, 1000);
    const db = t().database.db;
    const row = await db.selectFrom('billingDocuments').selectAll().where('id', '=', invoice.id).executeTakeFirstOrThrow();
    // Receipts are issued by another operation; the stored row is what matters here.
    const receiptId = newId();
    await db
      .insertInto('billingDocuments')
      .values({
        ...row, id: receiptId, kind: 'RECEIPT', series: 'RCT', sequence: 1, number: 'RCT/2627/1', againstId: invoice.id, sourceType: 'payment', sourceId: newId(),
        gross: 40000, discount: 0, taxable: 40000, exempt: 40000, cgst: 0, sgst: 0, igst: 0, tax: 0, total: 40000, roundOff: 0, grandTotal: 40000, paidBefore: 0,
        method: 'UPI', reference: 'UTR 432109876543', notes: JSON.stringify(['Thank you']),
      })
      .execute();
    const receipt = await viewOf(db, await loadDocument(db, h.organizationId, receiptId));
    assert.equal(receipt.kind, 'RECEIPT');
    assert.deepEqual(receipt.received, { amount: 40000, method: 'UPI', reference: 'UTR 432109876543', receivedAt: row.issueDate });
    assert.deepEqual(receipt.against, { kind: 'TAX_INVOICE', number: invoice.number, issueDate: invoice.issueDate });
    assert.deepEqual([receipt.qrPayload, receipt.payment, receipt.lines, receipt.notes], ['UTR 432109876543', null, [], ['Thank you']]);

    const paid = await viewOf(db, await loadDocument(db, h.organizationId, invoice.id));
    assert.deepEqual(paid.payment, { paid: 40000, balance: Math.round(invoice.totals.grandTotal * 100) - 40000, status: 'PARTLY_PAID' });
  });

  test('a cancelled document: CANCELLED with its reason', async () => {
    const h = await b.gstHospital();
    const invoice = await invoiceFor(b, h, h.patientId);
    ok(await b.billing('cancelDocument', { organizationId: h.organizationId, id: invoice.id, reason: 'duplicate' }, h.accountant.token));
    const view = await viewOf(t().database.db, await loadDocument(t().database.db, h.organizationId, invoice.id));
    assert.deepEqual([view.status, view.cancelReason], ['CANCELLED', 'duplicate']);
  });
});
