/**
 * A billing document as one standalone HTML5 page: inline CSS laid out for A4 print, the QR code as
 * inline SVG, the logo as a data: URI, and every text of the view escaped. The same sections as the
 * PDF, from the same decisions (document-content.ts).
 */
import {
  buyerFields, headerFields, lineColumns, paymentLabels, qrLabel, rateRows, receivedFields, sellerFields, supplyFields,
  taxSplit, titles, totalRows, type Field,
} from './document-content.ts';
import { htmlStyle } from './html-style.ts';
import { rupees } from './inr.ts';
import { qrMatrix, qrSvg } from './qr.ts';
import type { DocumentView } from './view.ts';
import { amountInWords } from './words.ts';

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char]!);
}

const e = escapeHtml;

/** Text as a CSS string literal: everything but plain letters, digits and a few signs as a CSS escape (so no '</style>'). */
export function cssString(text: string): string {
  return `"${[...text].map((char) => (/[\w .,:/·-]/.test(char) ? char : `\\${char.codePointAt(0)!.toString(16)} `)).join('')}"`;
}

/** In print, the footer of every page (as in the PDF), beside the page numbers of html-style.ts. */
function printedFooter(view: DocumentView): string {
  return `@page { @bottom-left { content: ${cssString(`${titles[view.kind]} ${view.number} · This is a computer-generated document.`)};
  font: 7pt "DejaVu Sans", Arial, sans-serif; color: #5b6775; } }`;
}

function fieldList(fields: Field[], className: string): string {
  return `<dl class="${className}">${fields.map((f) => `<dt>${e(f.label)}</dt><dd>${e(f.value)}</dd>`).join('')}</dl>`;
}

function logoUri(logo: Uint8Array | null): string | null {
  if (!logo) return null;
  const type = logo[0] === 0x89 && logo[1] === 0x50 ? 'image/png' : logo[0] === 0xff && logo[1] === 0xd8 ? 'image/jpeg' : null;
  return type && `data:${type};base64,${Buffer.from(logo).toString('base64')}`;
}

function header(view: DocumentView): string {
  const seller = sellerFields(view);
  const logo = logoUri(view.seller.logo);
  const cancelled = view.status === 'CANCELLED'
    ? `<p class="cancelled-notice"><strong>CANCELLED</strong>${view.cancelReason ? `<br>${e(view.cancelReason)}` : ''}</p>` : '';
  return `<header class="top">
  <div class="seller">${logo ? `<img class="logo" src="${logo}" alt="">` : ''}<div>
    <h1>${e(view.seller.name)}</h1>
    ${seller.lines.map((text) => `<p>${e(text)}</p>`).join('')}
    ${seller.fields.length ? `<p class="run">${seller.fields.map((f) => `<span>${e(f.label)}</span> <b>${e(f.value)}</b>`).join(' ')}</p>` : ''}
  </div></div>
  <div class="title"><h2>${titles[view.kind]}</h2>${fieldList(headerFields(view), 'numbers')}${cancelled}</div>
</header>`;
}

const partyHeadings = { TAX_INVOICE: 'Billed to', BILL_OF_SUPPLY: 'Billed to', RECEIPT: 'Received from', CREDIT_NOTE: 'Credit to' } as const;

function parties(view: DocumentView): string {
  const buyer = buyerFields(view);
  return `<section class="parties">
  <div><h3>${partyHeadings[view.kind]}</h3><p class="name">${e(buyer.name)}</p>${buyer.lines.map((text) => `<p>${e(text)}</p>`).join('')}${fieldList(buyer.fields, 'fields')}</div>
  <div><h3>Supply details</h3>${fieldList(supplyFields(view), 'fields')}</div>
</section>`;
}

function linesTable(view: DocumentView): string {
  const columns = lineColumns(taxSplit(view));
  const cell = (align: string, strong: boolean | undefined, text: string, tag: 'td' | 'th') =>
    `<${tag} class="${align}${strong ? ' strong' : ''}">${e(text)}</${tag}>`;
  return `<table class="lines">
  <thead><tr>${columns.map((c) => cell(c.align, false, c.header, 'th')).join('')}</tr></thead>
  <tbody>${view.lines.map((line, i) => `<tr>${columns.map((c) => cell(c.align, c.strong, c.cell(line, i), 'td')).join('')}</tr>`).join('\n')}</tbody>
</table>`;
}

function totals(view: DocumentView): string {
  const split = taxSplit(view);
  const rates = split === 'none' || view.byRate.length === 0 ? null : rateRows(view, split);
  const rateTable = rates
    ? `<div class="rates"><h3>Tax summary</h3><table><thead><tr>${rates.header.map((h, i) => `<th class="${i ? 'right' : 'left'}">${e(h)}</th>`).join('')}</tr></thead>
  <tbody>${rates.rows.map((row) => `<tr>${row.map((c, i) => `<td class="${i ? 'right' : 'left'}">${e(c)}</td>`).join('')}</tr>`).join('')}</tbody>
  <tfoot><tr>${rates.total.map((c, i) => `<th class="${i ? 'right' : 'left'}">${e(c)}</th>`).join('')}</tr></tfoot></table></div>`
    : '<div></div>';
  const rows = totalRows(view, split).map((row) => `<tr${row.grand ? ' class="grand"' : ''}><th>${e(row.label)}</th><td>${e(row.value)}</td></tr>`).join('');
  return `<section class="summary">${rateTable}<table class="totals">${rows}</table></section>`;
}

function received(view: DocumentView): string {
  if (!view.received) return '';
  return `<section class="received"><p class="sentence">Received with thanks from ${e(view.buyer.name)} the sum of ${e(rupees(view.received.amount))}.</p>
  ${fieldList(receivedFields(view), 'fields')}</section>`;
}

/** Notes, then the last row: the payment state, the QR code and the signature, as in the PDF. */
function closing(view: DocumentView): string {
  const { payment, qrPayload } = view;
  const notes = view.notes.length ? `<section class="notes"><h3>Notes</h3><ul>${view.notes.map((n) => `<li>${e(n)}</li>`).join('')}</ul></section>` : '';
  const title = view.kind === 'RECEIPT' && view.against ? `Payment of ${view.against.number}` : 'Payment';
  const paymentBlock = payment
    ? `<div class="payment"><h3>${e(title)}</h3><p class="badge ${e(payment.status.toLowerCase())}">${paymentLabels[payment.status]}</p>
  ${fieldList([{ label: 'Paid', value: rupees(payment.paid) }, { label: 'Balance due', value: rupees(payment.balance) }], 'fields')}</div>`
    : '<div></div>';
  const qr = qrPayload ? `<figure class="qr">${qrSvg(qrMatrix(qrPayload), 102)}<figcaption>${e(qrLabel(view))}</figcaption></figure>` : '<div></div>';
  const signature = `<div class="signature"><p class="for">for ${e(view.seller.name)}</p><p class="sign">Authorised signatory</p>${view.issuedBy ? `<p class="issued">Issued by ${e(view.issuedBy)}</p>` : ''}</div>`;
  return `${notes}
<section class="closing">${paymentBlock}${qr}${signature}</section>
<footer>${titles[view.kind]} ${e(view.number)} · This is a computer-generated document.</footer>`;
}

export function renderHtml(view: DocumentView): string {
  const words = amountInWords(Math.abs(view.kind === 'RECEIPT' ? view.received?.amount ?? 0 : view.totals.grandTotal));
  const body = view.kind === 'RECEIPT' ? received(view) : `${linesTable(view)}\n${totals(view)}`;
  return `<!DOCTYPE html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${titles[view.kind]} ${e(view.number)}</title>
<style>${htmlStyle}${printedFooter(view)}</style>
</head>
<body>
<main class="document${view.status === 'CANCELLED' ? ' is-cancelled' : ''}">
${view.status === 'CANCELLED' ? '<div class="watermark" aria-hidden="true">CANCELLED</div>' : ''}
${header(view)}
${parties(view)}
${body}
<p class="words"><span>Amount in words</span> <strong>${e(words)}</strong></p>
${closing(view)}
</main>
</body>
</html>
`;
}
