/**
 * The drawing surface the PDF layout functions share: the pdfkit document, the content box of a
 * page, the type and colours, and a few placing helpers. Text is placed at explicit positions and
 * never made to wrap past the content box, so pdfkit never starts a page on its own; a layout
 * function asks for room (`ensureRoom`) and the canvas starts the next page with its header.
 * doc.y is the layout's cursor: the text helpers leave it where it was, the layout functions move it.
 */
import type PDFDocument from 'pdfkit';
import type { DocumentView } from './view.ts';

export type PdfDoc = InstanceType<typeof PDFDocument>;

export const fonts = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;

export const colours = {
  ink: '#1c2530',
  muted: '#5b6775',
  rule: '#c5ced8',
  band: '#eaf1f1',
  accent: '#0f766e',
  cancelled: '#c62828',
} as const;

export interface Canvas {
  doc: PdfDoc;
  view: DocumentView;
  left: number;
  right: number;
  width: number;
  top: number;
  /** the lowest y content may reach; the footer lies below it */
  bottom: number;
  /** starts a page and draws its running header; leaves doc.y under it */
  nextPage(): void;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  colour?: string;
}

function apply(canvas: Canvas, style: TextStyle): PdfDoc {
  return canvas.doc.font(style.bold ? fonts.bold : fonts.regular).fontSize(style.size).fillColor(style.colour ?? colours.ink);
}

/** One line of text, not wrapped; align within [x, x + width]. */
export function line(canvas: Canvas, text: string, x: number, y: number, style: TextStyle, align: 'left' | 'right' | 'center' = 'left', width = 0): void {
  const doc = apply(canvas, style);
  const textWidth = doc.widthOfString(text);
  const at = align === 'left' ? x : align === 'right' ? x + width - textWidth : x + (width - textWidth) / 2;
  keepingPosition(doc, () => doc.text(text, at, y, { lineBreak: false }));
}

/** Text wrapped to a width; returns its height. Text longer than the room left on the page is cut with an ellipsis. */
export function wrapped(canvas: Canvas, text: string, x: number, y: number, width: number, style: TextStyle, align: 'left' | 'right' = 'left'): number {
  const doc = apply(canvas, style);
  const height = doc.heightOfString(text, { width, lineGap: 1 });
  const room = canvas.bottom - y;
  const bounds = height > room ? { height: room, ellipsis: true } : {};
  keepingPosition(doc, () => doc.text(text, x, y, { width, align, lineGap: 1, ...bounds }));
  return Math.min(height, room);
}

/** pdfkit moves its cursor under what it writes; the layout keeps its own, in doc.y, and moves it itself. */
function keepingPosition(doc: PdfDoc, write: () => void): void {
  const { x, y } = doc;
  write();
  doc.x = x;
  doc.y = y;
}

export function heightOf(canvas: Canvas, text: string, width: number, style: TextStyle): number {
  return apply(canvas, style).heightOfString(text, { width, lineGap: 1 });
}

export function widthOf(canvas: Canvas, text: string, style: TextStyle): number {
  return apply(canvas, style).widthOfString(text);
}

export function rule(canvas: Canvas, y: number, from = canvas.left, to = canvas.right, colour: string = colours.rule, thickness = 0.6): void {
  canvas.doc.save().moveTo(from, y).lineTo(to, y).lineWidth(thickness).strokeColor(colour).stroke().restore();
}

export function band(canvas: Canvas, x: number, y: number, width: number, height: number, colour: string = colours.band): void {
  canvas.doc.save().rect(x, y, width, height).fill(colour).restore();
}

export function box(canvas: Canvas, x: number, y: number, width: number, height: number, colour: string = colours.rule): void {
  canvas.doc.save().rect(x, y, width, height).lineWidth(0.6).strokeColor(colour).stroke().restore();
}

/** Starts the next page when `height` does not fit under doc.y; returns whether it did. */
export function ensureRoom(canvas: Canvas, height: number): boolean {
  if (canvas.doc.y + height <= canvas.bottom) return false;
  canvas.nextPage();
  return true;
}

/** Label-value rows in a column: the label muted on the left, the value wrapped beside it; returns the y under them. */
export function fieldRows(canvas: Canvas, fields: ReadonlyArray<{ label: string; value: string }>, x: number, y: number, width: number, labelWidth: number, size = 8): number {
  let at = y;
  for (const field of fields) {
    line(canvas, field.label, x, at, { size, colour: colours.muted });
    at += wrapped(canvas, field.value, x + labelWidth, at, width - labelWidth, { size }) + 2.5;
  }
  return at;
}

/** Label-value pairs run along one line: 'GSTIN 27AAPFU0939F1ZV   State Maharashtra (27)'. */
export function fieldRun(canvas: Canvas, fields: ReadonlyArray<{ label: string; value: string }>, x: number, y: number, size = 8): void {
  let at = x;
  for (const field of fields) {
    line(canvas, field.label, at, y, { size, colour: colours.muted });
    at += widthOf(canvas, field.label, { size }) + 4;
    line(canvas, field.value, at, y, { size, bold: true });
    at += widthOf(canvas, field.value, { size, bold: true }) + 14;
  }
}
