import assert from 'node:assert/strict';
import { test } from 'node:test';
import { amount, rupees } from './inr.ts';
import { renderPdf } from './pdf.ts';
import { pdfPages } from './pdf-text.testkit.ts';
import {
  sampleBillOfSupply, sampleCancelledInvoice, sampleCreditNote, sampleInterStateInvoice, sampleInvoice, sampleLongInvoice, sampleReceipt,
} from './render.sample.ts';
import { amountInWords } from './words.ts';

test('an invoice shows its number, the GSTIN, every line, the tax by line and the grand total in figures and words', async () => {
  const view = sampleInvoice();
  const pages = await pdfPages(await renderPdf(view));
  assert.equal(pages.length, 1);
  const text = pages[0]!;
  for (const expected of [
    'TAX INVOICE', view.number, '27AAPFU0939F1ZV', 'Maharashtra (27)', view.buyer.name, 'MRN-004213',
    rupees(view.totals.grandTotal), amountInWords(view.totals.grandTotal), 'Page 1 of 1',
    'CGST', 'SGST', 'PARTLY PAID', rupees(view.payment!.balance), 'Authorised signatory', `for ${view.seller.name}`,
    'Scan to pay with any UPI app', ...view.notes,
  ]) assert.ok(text.includes(expected), `missing ${expected}`);
  assert.ok(!text.includes('IGST'), 'an intra-state invoice has no IGST');
  for (const line of view.lines) {
    assert.ok(text.includes(line.description.slice(0, 18)), `missing line ${line.description}`);
    assert.ok(text.includes(amount(line.total)), `missing total of ${line.description}`);
    if (line.cgst) assert.ok(text.includes(amount(line.cgst)), `missing CGST of ${line.description}`);
  }
  for (const rate of ['5%', '12%', '18%', 'Exempt']) assert.ok(text.includes(rate), `missing rate ${rate}`);
});

test('an inter-state invoice has IGST and no CGST or SGST', async () => {
  const view = sampleInterStateInvoice();
  const text = (await pdfPages(await renderPdf(view))).join('\n');
  assert.ok(text.includes('IGST'));
  assert.ok(text.includes(rupees(view.totals.igst)));
  assert.ok(text.includes('Karnataka (29)'));
  assert.ok(!text.includes('CGST') && !text.includes('SGST'));
});

test('a cancelled invoice says CANCELLED, with the reason', async () => {
  const view = sampleCancelledInvoice();
  const text = (await pdfPages(await renderPdf(view))).join('\n');
  assert.ok(text.includes('CANCELLED'));
  assert.ok(text.includes('Raised on the wrong patient'));
  assert.ok(!(await pdfPages(await renderPdf(sampleInvoice()))).join('\n').includes('CANCELLED'));
});

test('120 lines go over several pages, the header repeated and every page numbered', async () => {
  const view = sampleLongInvoice(120);
  const pages = await pdfPages(await renderPdf(view));
  assert.ok(pages.length > 1, `${pages.length} pages`);
  pages.forEach((page, i) => {
    assert.ok(page.includes(`Page ${i + 1} of ${pages.length}`), `page ${i + 1} is numbered`);
    assert.ok(page.includes('HSN/SAC'), `page ${i + 1} has the table header`);
  });
  assert.ok(pages.at(-1)!.includes('Item 120:'), 'the last line is on the last page');
  assert.ok(!pages[0]!.includes('Item 120:'));
  assert.ok(pages.at(-1)!.includes(rupees(view.totals.grandTotal)));
  for (let n = 1; n <= 120; n++) assert.equal(pages.filter((page) => page.includes(`Item ${n}:`)).length, 1, `line ${n} is on one page`);
});

test('the same view renders to the same bytes', async () => {
  const first = await renderPdf(sampleInvoice());
  const second = await renderPdf(sampleInvoice());
  assert.ok(first.equals(second));
  assert.ok(first.subarray(0, 8).toString('latin1').startsWith('%PDF-'));
});

test('a bill of supply has no tax columns; a receipt has the received block; a credit note its invoice', async () => {
  const bill = (await pdfPages(await renderPdf(sampleBillOfSupply()))).join('\n');
  assert.ok(bill.includes('BILL OF SUPPLY'));
  assert.ok(!/CGST|SGST|IGST|GST rate/.test(bill));

  const receipt = sampleReceipt();
  const receiptText = (await pdfPages(await renderPdf(receipt))).join('\n');
  assert.ok(receiptText.includes('RECEIPT'));
  assert.ok(receiptText.includes(rupees(receipt.received!.amount)));
  assert.ok(receiptText.includes('UTR 432109876543'));
  assert.ok(receiptText.includes('INV/2627/17'));
  assert.ok(!receiptText.includes('HSN/SAC'));

  const note = (await pdfPages(await renderPdf(sampleCreditNote()))).join('\n');
  assert.ok(note.includes('CREDIT NOTE') && note.includes('INV/2627/17') && note.includes('Total credit'));
});

test('a document without logo, GSTIN, QR code or payment still renders', async () => {
  const view = sampleInvoice();
  const bare = {
    ...view, seller: { ...view.seller, logo: null, gstin: null, phone: null, email: null, legalName: null },
    qrPayload: null, payment: null, notes: [], issuedBy: null, subject: null,
  };
  const text = (await pdfPages(await renderPdf(bare))).join('\n');
  assert.ok(text.includes(view.number) && text.includes('Authorised signatory'));
  assert.ok(!text.includes('GSTIN'), 'neither party has a GSTIN');
});

test('a logo that is no image is left out, not a failed bill', async () => {
  const view = sampleInvoice();
  const text = (await pdfPages(await renderPdf({ ...view, seller: { ...view.seller, logo: new Uint8Array([1, 2, 3]) } }))).join('\n');
  assert.ok(text.includes(view.seller.name));
});

test('a description longer than a page is cut on its row rather than flowing over unnumbered pages', async () => {
  const view = sampleInvoice();
  const lines = view.lines.map((line, i) => (i === 3 ? { ...line, description: 'a very long description '.repeat(400) } : line));
  const pages = await pdfPages(await renderPdf({ ...view, lines }));
  assert.ok(pages.length <= 3, `${pages.length} pages`);
  pages.forEach((page, i) => assert.ok(page.includes(`Page ${i + 1} of ${pages.length}`)));
  assert.ok(pages.at(-1)!.includes(rupees(view.totals.grandTotal)));
});
