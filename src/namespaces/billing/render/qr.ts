import qrcode from 'qrcode-generator';

/** A QR code as rows of modules, true for dark; both renderers draw it (PDF squares, HTML SVG). */
export type QrMatrix = boolean[][];

/** Modules of light margin a reader needs around the code (ISO/IEC 18004 quiet zone). */
export const quietZone = 4;

/**
 * The QR code of a payload, error correction M, the smallest version that holds it. The payload
 * is encoded as UTF-8 bytes (the library's own byte mode keeps only the low byte of each character).
 */
export function qrMatrix(payload: string): QrMatrix {
  const code = qrcode(0, 'M');
  code.addData(Buffer.from(payload, 'utf8').toString('latin1'), 'Byte');
  code.make();
  const size = code.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => code.isDark(row, col)));
}

/**
 * The code as an inline SVG of `sizePx` pixels square, quiet zone included, one path of dark
 * modules; decorative for screen readers (the page labels it in text).
 */
export function qrSvg(matrix: QrMatrix, sizePx: number): string {
  const extent = matrix.length + 2 * quietZone;
  let path = '';
  matrix.forEach((row, r) => row.forEach((dark, c) => {
    if (dark) path += `M${c + quietZone} ${r + quietZone}h1v1h-1z`;
  }));
  return `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" width="${sizePx}" height="${sizePx}" `
    + `viewBox="0 0 ${extent} ${extent}" shape-rendering="crispEdges"><rect width="${extent}" height="${extent}" fill="#fff"/>`
    + `<path fill="#000" d="${path}"/></svg>`;
}
