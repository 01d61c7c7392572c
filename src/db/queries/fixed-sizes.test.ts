import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inFixedSizes } from './fixed-sizes.ts';

const sizes = (n: number, max: number) => [...inFixedSizes(Array.from({ length: n }, (_, i) => i), max)].map((slice) => slice.length);

test('rows are sliced in powers of two up to the largest that the bound allows, largest first', () => {
  assert.deepEqual(sizes(1337, 1000), [512, 512, 256, 32, 16, 8, 1]);
  assert.deepEqual(sizes(512, 512), [512]);
  assert.deepEqual(sizes(7, 1000), [4, 2, 1]);
  assert.deepEqual(sizes(0, 1000), []);
});

test('every row comes once and in order, and batches of any size share a few slice sizes', () => {
  const rows = Array.from({ length: 2049 }, (_, i) => i);
  assert.deepEqual([...inFixedSizes(rows, 1000)].flat(), rows);
  const seen = new Set<number>();
  for (let n = 1; n <= 1200; n++) for (const size of sizes(n, 1000)) seen.add(size);
  assert.deepEqual([...seen].sort((a, b) => a - b), [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
});
