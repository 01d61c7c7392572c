/**
 * The lines table of the PDF: each column as wide as its widest cell, the description taking the
 * rest and wrapping; rows that do not fit go to the next page under a repeated header row.
 */
import { lineColumns, taxSplit, type LineColumn } from './document-content.ts';
import { band, colours, heightOf, line, rule, widthOf, wrapped, type Canvas, type TextStyle } from './pdf-canvas.ts';

const padX = 4;
const padY = 3;
const minDescription = 120;
/** a description wider than this gives the rest to the other columns, evenly */
const maxDescription = 190;

interface PlacedColumn { column: LineColumn; x: number; width: number }

/** Columns measured at a type size; smaller type when the description would be left too narrow. */
function placeColumns(canvas: Canvas, columns: LineColumn[], cells: string[][]): { placed: PlacedColumn[]; size: number } {
  let size = 7.5;
  let widths: number[] = [];
  for (; size >= 6; size -= 0.5) {
    widths = columns.map((column, c) => column.wide ? 0 : padX * 2 + Math.max(
      widthOf(canvas, column.header, { size: size - 0.5, bold: true }),
      ...cells.map((row) => widthOf(canvas, row[c]!, { size, bold: column.strong ?? false })),
    ));
    if (canvas.width - widths.reduce((a, b) => a + b, 0) >= minDescription) break;
  }
  const left = canvas.width - widths.reduce((a, b) => a + b, 0);
  const description = Math.min(left, maxDescription);
  const extra = (left - description) / (columns.length - 1);
  let x = canvas.left;
  const placed = columns.map((column, c) => {
    const width = column.wide ? description : widths[c]! + extra;
    const at = { column, x, width };
    x += width;
    return at;
  });
  return { placed, size };
}

function drawHeaderRow(canvas: Canvas, placed: PlacedColumn[], size: number): void {
  const { doc } = canvas;
  const style: TextStyle = { size: size - 0.5, bold: true, colour: '#ffffff' };
  const height = heightOf(canvas, 'Ag', 100, style) + padY * 2;
  band(canvas, canvas.left, doc.y, canvas.width, height, colours.accent);
  for (const { column, x, width } of placed) {
    line(canvas, column.header, x + padX, doc.y + padY, style, column.align === 'right' ? 'right' : 'left', width - padX * 2);
  }
  doc.y += height;
}

/** A row may fill a page under the running header and the header row, no more (its text is cut). */
function tallestRow(canvas: Canvas): number {
  return canvas.bottom - canvas.top - 50;
}

export function drawLinesTable(canvas: Canvas): void {
  const { doc, view } = canvas;
  const columns = lineColumns(taxSplit(view));
  const cells = view.lines.map((line, i) => columns.map((column) => column.cell(line, i)));
  const { placed, size } = placeColumns(canvas, columns, cells);
  const headerHeight = 20;

  if (doc.y + headerHeight + 24 > canvas.bottom) canvas.nextPage();
  drawHeaderRow(canvas, placed, size);
  cells.forEach((row, i) => {
    const styles = placed.map(({ column }): TextStyle => ({ size, bold: column.strong ?? false }));
    const measured = padY * 2 + Math.max(...placed.map(({ width }, c) => heightOf(canvas, row[c]!, width - padX * 2, styles[c]!)));
    const height = Math.min(measured, tallestRow(canvas));
    if (doc.y + height > canvas.bottom) {
      canvas.nextPage();
      drawHeaderRow(canvas, placed, size);
    }
    const top = doc.y;
    if (i % 2 === 1) band(canvas, canvas.left, top, canvas.width, height, '#f5f8f8');
    placed.forEach(({ column, x, width }, c) => {
      wrapped(canvas, row[c]!, x + padX, top + padY, width - padX * 2, styles[c]!, column.align === 'right' ? 'right' : 'left');
    });
    rule(canvas, top + height, canvas.left, canvas.right, colours.rule, 0.4);
    doc.y = top + height;
  });
  doc.y += 10;
}
