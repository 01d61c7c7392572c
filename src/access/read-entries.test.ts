import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseJsonArray } from '../values/record.ts';
import { recordsOf, refsOf, rowsOf, type PendingRead } from './read-entries.ts';

const read = (namespace: string, result: unknown, organizationId: string | null = 'org_a'): PendingRead => ({
  at: 1_000,
  actorIdpUserId: 'idp_reader',
  operation: `${namespace}.someRead`,
  organizationId,
  requestId: 'req_1',
  ip: '127.0.0.1',
  records: refsOf(result, namespace),
});

const idsOf = (rows: ReturnType<typeof rowsOf>) =>
  rows.map((r) => ({ org: r.read.organizationId, records: parseJsonArray(r.read.recordIds), patients: parseJsonArray(r.read.patientIds) }));

test('records are found in { item }, { items }, an array, or the answer itself', () => {
  assert.deepEqual(recordsOf({ item: { id: 'a' } }), [{ id: 'a' }]);
  assert.deepEqual(recordsOf({ items: [{ id: 'a' }, { id: 'b' }], total: 2 }), [{ id: 'a' }, { id: 'b' }]);
  assert.deepEqual(recordsOf([{ id: 'a' }, 'x']), [{ id: 'a' }]);
  assert.deepEqual(recordsOf({ id: 'a' }), [{ id: 'a' }]);
  assert.deepEqual(recordsOf(null), []);
});

test('a patients record is its own patient; other records name theirs by patientId or an embedded patient', () => {
  assert.deepEqual(idsOf(rowsOf(read('patients', { item: { id: 'p1' } }))), [{ org: 'org_a', records: ['p1'], patients: ['p1'] }]);
  const appointments = { items: [{ id: 'ap1', patientId: 'p1' }, { id: 'ap2', patientId: 'p1' }, { id: 'ap3', patient: { id: 'p2' } }, { id: 'ap4' }] };
  assert.deepEqual(idsOf(rowsOf(read('appointments', appointments))), [{ org: 'org_a', records: ['ap1', 'ap2', 'ap3', 'ap4'], patients: ['p1', 'p2'] }]);
});

test('a read spanning organizations is one entry per organization; a read of nothing is one empty entry', () => {
  const spanning = { items: [{ id: 'a1', organizationId: 'org_a', patientId: 'p1' }, { id: 'b1', organizationId: 'org_b', patientId: 'p9' }] };
  const rows = rowsOf(read('admissions', spanning, null));
  assert.deepEqual(idsOf(rows), [
    { org: 'org_a', records: ['a1'], patients: ['p1'] },
    { org: 'org_b', records: ['b1'], patients: ['p9'] },
  ]);
  assert.deepEqual(rows[1]!.patients, [{ readId: rows[1]!.read.id, patientId: 'p9', organizationId: 'org_b', at: 1_000 }]);
  assert.deepEqual(idsOf(rowsOf(read('patients', { items: [], total: 0 }))), [{ org: 'org_a', records: [], patients: [] }]);
});
