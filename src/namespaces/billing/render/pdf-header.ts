/**
 * The top of the PDF's pages: on the first, the seller (logo, name, address, GSTIN), the title with
 * number and date, and the buyer beside the supply details; on the next ones a running header.
 */
import { buyerFields, headerFields, sellerFields, supplyFields, titles } from './document-content.ts';
import { box, colours, fieldRows, fieldRun, line, rule, widthOf, wrapped, type Canvas } from './pdf-canvas.ts';

const logoSize = 58;
const titleColumn = 190;

export function drawFirstHeader(canvas: Canvas): void {
  const { doc, view, left, right, top } = canvas;
  const hasLogo = view.seller.logo !== null && drawLogo(canvas, view.seller.logo);
  const textX = hasLogo ? left + logoSize + 10 : left;
  const sellerWidth = right - titleColumn - 16 - textX;
  let y = top;
  y += wrapped(canvas, view.seller.name, textX, y, sellerWidth, { size: 14, bold: true, colour: colours.accent }) + 2;
  const seller = sellerFields(view);
  for (const text of seller.lines) y += wrapped(canvas, text, textX, y, sellerWidth, { size: 8, colour: colours.muted }) + 0.5;
  if (seller.fields.length) {
    fieldRun(canvas, seller.fields, textX, y + 2);
    y += 14;
  }

  const titleX = right - titleColumn;
  line(canvas, titles[view.kind], titleX, top, { size: 17, bold: true }, 'right', titleColumn);
  let titleY = top + 26;
  for (const field of headerFields(view)) {
    const valueWidth = widthOf(canvas, field.value, { size: 9, bold: true });
    line(canvas, field.value, titleX, titleY, { size: 9, bold: true }, 'right', titleColumn);
    line(canvas, field.label, titleX, titleY + 0.5, { size: 8, colour: colours.muted }, 'right', titleColumn - valueWidth - 6);
    titleY += 13;
  }
  if (view.status === 'CANCELLED') {
    line(canvas, 'CANCELLED', titleX, titleY + 2, { size: 11, bold: true, colour: colours.cancelled }, 'right', titleColumn);
    titleY += 16;
    if (view.cancelReason) titleY += wrapped(canvas, view.cancelReason, titleX, titleY, titleColumn, { size: 8, colour: colours.cancelled }, 'right');
  }

  const headerBottom = Math.max(y, titleY, hasLogo ? top + logoSize : 0) + 8;
  rule(canvas, headerBottom, left, right, colours.accent, 1.4);
  doc.y = headerBottom + 10;
  drawParties(canvas);
}

/** The logo in its square; an image pdfkit cannot read (neither PNG nor JPEG) is left out rather than failing the bill. */
function drawLogo(canvas: Canvas, logo: Uint8Array): boolean {
  try {
    canvas.doc.image(Buffer.from(logo), canvas.left, canvas.top, { fit: [logoSize, logoSize], align: 'center', valign: 'center' });
    return true;
  } catch {
    return false;
  }
}

const partyHeadings = { TAX_INVOICE: 'BILLED TO', BILL_OF_SUPPLY: 'BILLED TO', RECEIPT: 'RECEIVED FROM', CREDIT_NOTE: 'CREDIT TO' } as const;

/** The buyer on the left, the place of supply and what the document is for on the right, boxed. */
function drawParties(canvas: Canvas): void {
  const { doc, view, left, width } = canvas;
  const top = doc.y;
  const pad = 8;
  const half = width / 2;
  const buyer = buyerFields(view);

  line(canvas, partyHeadings[view.kind], left + pad, top + pad, { size: 7, bold: true, colour: colours.muted });
  let y = top + pad + 12;
  y += wrapped(canvas, buyer.name, left + pad, y, half - 2 * pad, { size: 10, bold: true }) + 1;
  for (const text of buyer.lines) y += wrapped(canvas, text, left + pad, y, half - 2 * pad, { size: 8 }) + 0.5;
  y = fieldRows(canvas, buyer.fields, left + pad, y + 3, half - 2 * pad, 62);

  const detailsX = left + half + pad;
  line(canvas, 'SUPPLY DETAILS', detailsX, top + pad, { size: 7, bold: true, colour: colours.muted });
  const detailsBottom = fieldRows(canvas, supplyFields(view), detailsX, top + pad + 12, half - 2 * pad, 88);

  const bottom = Math.max(y, detailsBottom) + pad - 2;
  box(canvas, left, top, width, bottom - top);
  doc.save().moveTo(left + half, top).lineTo(left + half, bottom).lineWidth(0.6).strokeColor(colours.rule).stroke().restore();
  doc.y = bottom + 12;
}

/** The header of the second and later pages: who, what and which, then the content. */
export function drawRunningHeader(canvas: Canvas): void {
  const { doc, view, left, right, top, width } = canvas;
  line(canvas, view.seller.name, left, top, { size: 10, bold: true, colour: colours.accent });
  line(canvas, `${titles[view.kind]}  ${view.number}  (continued)`, left, top, { size: 9, bold: true }, 'right', width);
  rule(canvas, top + 16, left, right, colours.accent, 1);
  doc.y = top + 26;
}
