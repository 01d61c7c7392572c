import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { marketplaceCalls } from '../prescriptionMarketplace/prescriptionMarketplace.testkit.ts';
import { GSTIN } from './billing.testkit.ts';

describeEachDialect('billing: a pharmacy sale (an accepted marketplace quote)', (t) => {
  const m = marketplaceCalls(t);

  test('its items at prices inclusive of GST, with HSN codes, the discount spread and delivery at the principal rate; billed once', async () => {
    const pharmacy = await m.pharmacy(null, { settings: { taxRegime: 'in_gst', gstin: GSTIN } });
    const accountant = await signIn(t(), { organizationId: pharmacy, roles: ['accountant'] });
    const product = await m.product(pharmacy, { onlinePrice: 112, gstPercentage: 12, hsnCode: '3004' });
    const patient = await m.person();
    const { broadcastId } = await m.requestTo(pharmacy, patient);
    const quote = await m.submitted(pharmacy, broadcastId, product, 10, { discount: 20, deliveryCharge: 50 });
    const issue = () => t().call('billing', 'issueInvoice', { organizationId: pharmacy, quoteId: quote.id }, { token: accountant.token });
    failsWith(await issue(), 'INVALID_STATE', 409);
    ok(await m.call('acceptQuote', { quoteId: quote.id, patientId: patient }));

    const { item } = ok(await issue());
    assert.equal(item.kind, 'TAX_INVOICE');
    assert.equal(item.sourceType, 'quote');
    assert.equal(item.buyer.name, 'Customer', 'the marketplace patient has no patient record at the pharmacy');
    // 112.00 includes 12% GST: 100.00 before tax; 10 units = 1000.00, less the whole discount of 20.00
    const [medicine, delivery] = item.lines;
    assert.deepEqual([medicine.code, medicine.quantity, medicine.unitPrice, medicine.discount, medicine.taxable, medicine.cgst, medicine.sgst], ['3004', 10, 100, 20, 980, 58.8, 58.8]);
    // delivery 50.00 includes 12%: 44.64 before tax; 6% of it = 2.6784 → 2.68 each
    assert.deepEqual([delivery.description, delivery.unitPrice, delivery.taxRate, delivery.cgst], ['Delivery', 44.64, 12, 2.68]);
    assert.equal(item.totals.total, 980 + 117.6 + 44.64 + 5.36);
    failsWith(await issue(), 'CONFLICT', 409);
    failsWith(await t().call('billing', 'issueInvoice', { organizationId: pharmacy, quoteId: 'no-such-quote' }, { token: accountant.token }), 'NOT_FOUND', 404);
  });
});
