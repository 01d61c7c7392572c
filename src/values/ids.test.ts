import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from './ids.ts';

test('ids are UUIDv7, unique and in the order they were made, across refills of the random words', () => {
  const ids = Array.from({ length: 5000 }, () => newId());
  for (const id of ids) assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(new Set(ids).size, ids.length);
  assert.deepEqual([...ids].sort(), ids);
  // the random part differs between ids made in the same millisecond
  assert.ok(new Set(ids.map((id) => id.slice(-12))).size > ids.length * 0.99);
});
