import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { cssString, escapeHtml, renderHtml } from './html.ts';
import { amount, rupees } from './inr.ts';
import { sampleCancelledInvoice, sampleInterStateInvoice, sampleInvoice, sampleReceipt } from './render.sample.ts';
import { amountInWords } from './words.ts';

const hostile = `<script>alert("x")</script> O'Brien & Sons`;

test('a complete standalone page for A4 print', () => {
  const html = renderHtml(sampleInvoice());
  assert.match(html, /^<!DOCTYPE html>\n<html lang="en-IN">/);
  assert.match(html, /<meta charset="utf-8">/);
  assert.match(html, /@page \{ size: A4;/);
  assert.match(html, /<\/html>\n$/);
  assert.ok(!/<link |<script|src="http/.test(html), 'nothing loaded from elsewhere');
  assert.match(html, /<img class="logo" src="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
  assert.match(html, /<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"/);
});

test('the same figures as the PDF: number, GSTIN, each line, the tax, the grand total and its words', () => {
  const view = sampleInvoice();
  const html = renderHtml(view);
  for (const expected of [
    'TAX INVOICE', view.number, '27AAPFU0939F1ZV', rupees(view.totals.grandTotal), amountInWords(view.totals.grandTotal),
    rupees(view.totals.cgst), 'PARTLY PAID', 'Authorised signatory', escapeHtml(`for ${view.seller.name}`),
  ]) assert.ok(html.includes(expected), `missing ${expected}`);
  for (const line of view.lines) {
    assert.ok(html.includes(`>${amount(line.total)}<`), `missing total of ${line.description}`);
    assert.ok(html.includes(escapeHtml(line.description)));
  }
  assert.ok(html.includes('>CGST<') && html.includes('>SGST<') && !html.includes('IGST'));
  assert.ok(!html.includes('CANCELLED'));
});

test('an inter-state invoice has IGST columns only; a cancelled one its watermark and reason', () => {
  const inter = renderHtml(sampleInterStateInvoice());
  assert.ok(inter.includes('>IGST<') && !inter.includes('CGST') && !inter.includes('SGST'));
  const cancelled = renderHtml(sampleCancelledInvoice());
  assert.match(cancelled, /<div class="watermark" aria-hidden="true">CANCELLED<\/div>/);
  assert.ok(cancelled.includes('Raised on the wrong patient'));
});

test('a receipt has the received block and no lines table', () => {
  const view = sampleReceipt();
  const html = renderHtml(view);
  assert.ok(html.includes('Received with thanks') && html.includes(rupees(view.received!.amount)) && html.includes('UTR 432109876543'));
  assert.ok(!html.includes('class="lines"'));
});

test('every text of the view is escaped: a hostile name runs no script', () => {
  const view = sampleInvoice();
  const html = renderHtml({
    ...view,
    number: hostile,
    seller: { ...view.seller, name: hostile, addressLines: [hostile] },
    buyer: { ...view.buyer, name: hostile, reference: hostile, addressLines: [hostile] },
    subject: hostile,
    lines: view.lines.map((line) => ({ ...line, description: hostile, code: hostile })),
    notes: [hostile],
    issuedBy: hostile,
    cancelReason: hostile,
    status: 'CANCELLED',
  });
  assert.ok(!html.includes('<script'), 'no raw <script>');
  assert.ok(!html.includes(`O'Brien`), 'no raw quote');
  assert.ok(html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; Sons'));
});

test('escapeHtml leaves none of & < > " \' and reads back to the text', () => {
  const unescape = (s: string) => s.replace(/&(lt|gt|quot|#39|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[name]!);
  fc.assert(fc.property(fc.string({ unit: fc.constantFrom('<', '>', '&', '"', "'", 'a', '₹', ' ', ';') }), (text) => {
    const escaped = escapeHtml(text);
    assert.ok(!/[<>"']/.test(escaped));
    assert.ok(!/&(?!(lt|gt|quot|#39|amp);)/.test(escaped));
    assert.equal(unescape(escaped), text);
  }));
});

test('the printed footer carries the number as a CSS string that cannot close the style', () => {
  const html = renderHtml({ ...sampleInvoice(), number: `A"</style><script>x</script>\\` });
  const style = html.slice(html.indexOf('<style>'), html.indexOf('</style>'));
  assert.ok(style.includes('@bottom-left'));
  assert.ok(!style.includes('<') || style.indexOf('<') === 0, 'no < inside the style');
  assert.equal(html.match(/<\/style>/g)?.length, 1);
  assert.ok(!html.includes('<script'));
  assert.equal(cssString('INV/26 "x"'), '"INV/26 \\22 x\\22 "');
});
