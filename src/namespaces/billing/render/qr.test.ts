import assert from 'node:assert/strict';
import { test } from 'node:test';
import { qrMatrix, qrSvg, quietZone } from './qr.ts';

test('a QR matrix is square, of a QR size, with the three finder patterns', () => {
  const matrix = qrMatrix('upi://pay?pa=hospital@upi&am=1234.00&tn=INV/2627/17');
  const size = matrix.length;
  assert.ok(size >= 21 && (size - 17) % 4 === 0, `size ${size}`);
  for (const row of matrix) assert.equal(row.length, size);
  // a finder's corner and centre are dark, the ring between them light
  for (const [r, c] of [[0, 0], [0, size - 7], [size - 7, 0]] as const) {
    assert.equal(matrix[r]![c], true);
    assert.equal(matrix[r + 3]![c + 3], true);
    assert.equal(matrix[r + 1]![c + 1], false);
  }
});

test('the same payload gives the same matrix; a different one a different matrix', () => {
  assert.deepEqual(qrMatrix('INV/2627/17'), qrMatrix('INV/2627/17'));
  assert.notDeepEqual(qrMatrix('INV/2627/17'), qrMatrix('INV/2627/18'));
});

test('non-Latin text is encoded as UTF-8, not cut to one byte a character', () => {
  // more bytes than characters: '₹' is three bytes, so the encoding differs from its low byte '¹'
  assert.notDeepEqual(qrMatrix('₹100'), qrMatrix('\u00b9100'));
});

test('the SVG has the quiet zone in its view box and one square per dark module', () => {
  const matrix = qrMatrix('x');
  const svg = qrSvg(matrix, 120);
  const extent = matrix.length + 2 * quietZone;
  assert.match(svg, new RegExp(`viewBox="0 0 ${extent} ${extent}"`));
  const dark = matrix.flat().filter(Boolean).length;
  assert.equal(svg.match(/h1v1h-1z/g)?.length, dark);
});
