/**
 * A billing document as an A4 PDF (pdfkit): DejaVu Sans embedded (every text selectable, the rupee
 * sign included), the layout of an Indian GST invoice, and the same bytes for the same view: the
 * creation date comes from the issue date and pdfkit derives the file ID from the document info.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { titles } from './document-content.ts';
import { colours, fonts, line, type Canvas, type PdfDoc } from './pdf-canvas.ts';
import { drawFirstHeader, drawRunningHeader } from './pdf-header.ts';
import { drawLinesTable } from './pdf-lines.ts';
import { drawAmountInWords, drawClosingRow, drawNotes, drawReceived, drawTotals } from './pdf-summary.ts';
import type { DocumentView } from './view.ts';

const resolve = createRequire(import.meta.url).resolve;
const fontFiles = {
  [fonts.regular]: resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  [fonts.bold]: resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

const margin = 36;
const footerHeight = 12;

export async function renderPdf(view: DocumentView): Promise<Buffer> {
  // midnight UTC of the issue date: the same view always makes the same file
  const issued = new Date(`${view.issueDate}T00:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    bufferPages: true,
    font: fontFiles[fonts.regular],
    info: {
      Title: `${titles[view.kind]} ${view.number}`,
      Author: view.seller.name,
      Subject: view.subject ?? titles[view.kind],
      Creator: 'healthops',
      Producer: 'healthops (pdfkit)',
      CreationDate: Number.isNaN(issued.getTime()) ? new Date(0) : issued,
      ModDate: Number.isNaN(issued.getTime()) ? new Date(0) : issued,
    },
    pdfVersion: '1.7',
    lang: 'en-IN',
    displayTitle: true,
  });
  for (const [name, file] of Object.entries(fontFiles)) doc.registerFont(name, file);
  const done = collect(doc);

  const canvas: Canvas = {
    doc, view,
    left: margin, right: doc.page.width - margin, width: doc.page.width - 2 * margin,
    top: margin, bottom: doc.page.height - margin - footerHeight,
    nextPage() {
      doc.addPage();
      drawRunningHeader(canvas);
    },
  };
  drawFirstHeader(canvas);
  if (view.kind === 'RECEIPT') {
    drawReceived(canvas);
    drawAmountInWords(canvas, view.received?.amount ?? 0);
  } else {
    drawLinesTable(canvas);
    drawTotals(canvas);
    drawAmountInWords(canvas, view.totals.grandTotal);
  }
  drawNotes(canvas);
  drawClosingRow(canvas);
  finishPages(canvas);
  doc.end();
  return done;
}

/** Every page: the footer with 'Page i of N', and the CANCELLED watermark on a cancelled document. */
function finishPages(canvas: Canvas): void {
  const { doc, view } = canvas;
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - margin - 6;
    doc.save().moveTo(canvas.left, y - 4).lineTo(canvas.right, y - 4).lineWidth(0.5).strokeColor(colours.rule).stroke().restore();
    line(canvas, `${titles[view.kind]} ${view.number}  ·  This is a computer-generated document.`, canvas.left, y, { size: 7, colour: colours.muted });
    line(canvas, `Page ${i - start + 1} of ${count}`, canvas.left, y, { size: 7, colour: colours.muted }, 'right', canvas.width);
    if (view.status === 'CANCELLED') drawWatermark(canvas);
  }
}

function drawWatermark(canvas: Canvas): void {
  const { doc } = canvas;
  const centreX = doc.page.width / 2;
  const centreY = doc.page.height / 2;
  const text = 'CANCELLED';
  doc.save().rotate(-40, { origin: [centreX, centreY] }).fillOpacity(0.14);
  doc.font(fonts.bold).fontSize(96).fillColor(colours.cancelled);
  const width = doc.widthOfString(text);
  doc.text(text, centreX - width / 2, centreY - 48, { lineBreak: false });
  doc.restore();
}

function collect(doc: PdfDoc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolveBuffer, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolveBuffer(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
