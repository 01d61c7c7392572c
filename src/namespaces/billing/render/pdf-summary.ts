/**
 * The PDF under the lines: tax by rate beside the totals, the amount in words, the notes, and a
 * last row of the payment state, the QR code and the signature; for a receipt, the received block
 * in place of lines and totals.
 */
import { paymentLabels, qrLabel, rateRows, receivedFields, taxSplit, totalRows } from './document-content.ts';
import { rupees } from './inr.ts';
import { band, box, colours, ensureRoom, fieldRows, heightOf, line, rule, widthOf, wrapped, type Canvas } from './pdf-canvas.ts';
import { qrMatrix, quietZone } from './qr.ts';
import { amountInWords } from './words.ts';

const totalsWidth = 215;
const rowHeight = 14;

function heading(canvas: Canvas, text: string, x: number, y: number): void {
  line(canvas, text, x, y, { size: 7, bold: true, colour: colours.muted });
}

/** Tax by rate on the left (not on a bill of supply), the totals right aligned on the right. */
export function drawTotals(canvas: Canvas): void {
  const { doc, view, left, right } = canvas;
  const split = taxSplit(view);
  const totals = totalRows(view, split);
  const rates = split === 'none' || view.byRate.length === 0 ? null : rateRows(view, split);
  const height = Math.max(totals.length * rowHeight + 8, rates ? (rates.rows.length + 2) * rowHeight + 14 : 0);
  ensureRoom(canvas, height);
  const top = doc.y;

  if (rates) {
    const width = canvas.width - totalsWidth - 24;
    heading(canvas, 'TAX SUMMARY', left, top);
    const columnWidth = width / rates.header.length;
    const drawRow = (cells: string[], y: number, bold: boolean) => cells.forEach((cell, c) => {
      line(canvas, cell, left + c * columnWidth + 3, y + 3.5, { size: 7.5, bold }, c === 0 ? 'left' : 'right', columnWidth - 6);
    });
    band(canvas, left, top + 11, width, rowHeight);
    drawRow(rates.header, top + 11, true);
    rates.rows.forEach((cells, r) => {
      drawRow(cells, top + 11 + (r + 1) * rowHeight, false);
      rule(canvas, top + 11 + (r + 2) * rowHeight, left, left + width, colours.rule, 0.4);
    });
    drawRow(rates.total, top + 11 + (rates.rows.length + 1) * rowHeight, true);
  }

  const x = right - totalsWidth;
  let y = top;
  for (const row of totals) {
    if (row.grand) {
      y += 3;
      band(canvas, x, y, totalsWidth, rowHeight + 6, colours.accent);
      line(canvas, row.label, x + 6, y + 4.5, { size: 10, bold: true, colour: '#ffffff' });
      line(canvas, row.value, x, y + 4.5, { size: 10, bold: true, colour: '#ffffff' }, 'right', totalsWidth - 6);
      y += rowHeight + 6;
    } else {
      line(canvas, row.label, x + 6, y + 2, { size: 8.5, colour: colours.muted });
      line(canvas, row.value, x, y + 2, { size: 8.5 }, 'right', totalsWidth - 6);
      y += rowHeight;
    }
  }
  doc.y = top + height + 8;
}

export function drawAmountInWords(canvas: Canvas, paise: number): void {
  const { doc, left, width } = canvas;
  const words = amountInWords(Math.abs(paise));
  ensureRoom(canvas, 14 + heightOf(canvas, words, width, { size: 9, bold: true }));
  heading(canvas, 'AMOUNT IN WORDS', left, doc.y);
  doc.y += 11 + wrapped(canvas, words, left, doc.y + 11, width, { size: 9, bold: true }) + 10;
}

/** A receipt's body: what was received, how and when. */
export function drawReceived(canvas: Canvas): void {
  const { doc, view, left, width } = canvas;
  const received = view.received;
  if (!received) return;
  const sentence = `Received with thanks from ${view.buyer.name} the sum of ${rupees(received.amount)}.`;
  const fields = receivedFields(view);
  ensureRoom(canvas, 40 + fields.length * 16);
  const top = doc.y;
  let y = top + 10;
  y += wrapped(canvas, sentence, left + 10, y, width - 20, { size: 11, bold: true }) + 8;
  y = fieldRows(canvas, fields, left + 10, y, width - 20, 110, 9) + 6;
  box(canvas, left, top, width, y - top);
  doc.y = y + 14;
}

const statusColours = { PAID: '#2e7d32', PARTLY_PAID: '#b26a00', UNPAID: colours.cancelled } as const;
const qrSize = 76;
const signatureWidth = 190;

/** The last row: the payment state, the QR code beside it, and the signature on the right. */
export function drawClosingRow(canvas: Canvas): void {
  const { doc, view, left } = canvas;
  ensureRoom(canvas, Math.max(view.qrPayload ? qrSize + 14 : 0, 86));
  const top = doc.y;
  const paymentBottom = view.payment ? drawPayment(canvas, left, top) : top;
  let qrBottom = top;
  if (view.qrPayload) {
    const x = view.payment ? left + 190 : left;
    drawQr(canvas, view.qrPayload, x, top, qrSize);
    line(canvas, qrLabel(view), x - 30, top + qrSize + 2, { size: 7, colour: colours.muted }, 'center', qrSize + 60);
    qrBottom = top + qrSize + 12;
  }
  const signatureBottom = drawSignature(canvas, top);
  doc.y = Math.max(paymentBottom, qrBottom, signatureBottom) + 8;
}

function drawPayment(canvas: Canvas, x: number, top: number): number {
  const { view } = canvas;
  const payment = view.payment!;
  heading(canvas, view.kind === 'RECEIPT' && view.against ? `PAYMENT OF ${view.against.number}` : 'PAYMENT', x, top);
  const label = paymentLabels[payment.status];
  const badgeWidth = widthOf(canvas, label, { size: 8, bold: true }) + 14;
  canvas.doc.save().roundedRect(x, top + 12, badgeWidth, 15, 3).fill(statusColours[payment.status]).restore();
  line(canvas, label, x, top + 15.5, { size: 8, bold: true, colour: '#ffffff' }, 'center', badgeWidth);
  return fieldRows(canvas, [
    { label: 'Paid', value: rupees(payment.paid) },
    { label: 'Balance due', value: rupees(payment.balance) },
  ], x, top + 33, 170, 62, 8.5);
}

function drawQr(canvas: Canvas, payload: string, x: number, y: number, size: number): void {
  const matrix = qrMatrix(payload);
  const cell = size / (matrix.length + 2 * quietZone);
  const { doc } = canvas;
  doc.save();
  matrix.forEach((row, r) => row.forEach((dark, c) => {
    if (dark) doc.rect(x + (c + quietZone) * cell, y + (r + quietZone) * cell, cell, cell);
  }));
  doc.fill('#000000').restore();
}

export function drawNotes(canvas: Canvas): void {
  const { doc, view, left, width } = canvas;
  if (view.notes.length === 0) return;
  ensureRoom(canvas, 24);
  heading(canvas, 'NOTES', left, doc.y);
  doc.y += 11;
  for (const note of view.notes) {
    const height = heightOf(canvas, note, width - 10, { size: 8 });
    ensureRoom(canvas, height);
    line(canvas, '•', left, doc.y, { size: 8, colour: colours.muted });
    doc.y += wrapped(canvas, note, left + 10, doc.y, width - 10, { size: 8 }) + 3;
  }
  doc.y += 8;
}

/** 'for <seller>', room to sign, 'Authorised signatory' and who issued it, on the right; returns its bottom. */
function drawSignature(canvas: Canvas, top: number): number {
  const { view, right } = canvas;
  const x = right - signatureWidth;
  const forHeight = wrapped(canvas, `for ${view.seller.name}`, x, top, signatureWidth, { size: 9, bold: true }, 'right');
  const lineY = top + forHeight + 34;
  rule(canvas, lineY, x + 40, right, colours.ink, 0.6);
  line(canvas, 'Authorised signatory', x, lineY + 4, { size: 8 }, 'right', signatureWidth);
  if (view.issuedBy) line(canvas, `Issued by ${view.issuedBy}`, x, lineY + 16, { size: 7.5, colour: colours.muted }, 'right', signatureWidth);
  return lineY + 26;
}
