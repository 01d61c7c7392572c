import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestApp } from '../../test/harness.ts';
import { tokenCounters } from '../namespaces/tokenCounters/tokenCounters.resource.ts';

test('patch with no changes answers the record as stored instead of writing an empty UPDATE', async () => {
  const t = await createTestApp('sqlite');
  try {
    const created = (await t.call('tokenCounters', 'create', { organizationId: 'o1', date: '2026-01-01', prefix: 'A', lastSequence: 3 })).body.data.item;
    const same = await tokenCounters.repo.patch(t.database.db, 'o1', created.id, {});
    assert.deepEqual(same, created);
    await assert.rejects(tokenCounters.repo.patch(t.database.db, 'o2', created.id, {}), /not found/);
  } finally {
    await t.close();
  }
});
