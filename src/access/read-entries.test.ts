import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseJsonArray } from '../values/record.ts';
import { byPatientId, isPatient, itemReads, itemsReads, type ReadRecord } from '../operations/reads.ts';
import { rowsOf, type PendingRead } from './read-entries.ts';

const read = (records: ReadRecord[], organizationId: string | null = 'org_a'): PendingRead => ({
  at: 1_000,
  actorIdpUserId: 'idp_reader',
  operation: 'ns.someRead',
  organizationId,
  requestId: 'req_1',
  ip: '127.0.0.1',
  records,
});

const idsOf = (rows: ReturnType<typeof rowsOf>) =>
  rows.map((r) => ({ org: r.read.organizationId, records: parseJsonArray(r.read.recordIds), patients: parseJsonArray(r.read.patientIds) }));

test('the declared mappers name each record and its patient: a patients record is its own, others by patientId', () => {
  assert.deepEqual(itemReads(isPatient).records({ item: { id: 'p1' } }), [{ id: 'p1', organizationId: null, patientId: 'p1' }]);
  const appointments = { items: [{ id: 'ap1', organizationId: 'org_a', patientId: 'p1' }, { id: 'ap2', patientId: null }] };
  assert.deepEqual(itemsReads(byPatientId).records(appointments), [
    { id: 'ap1', organizationId: 'org_a', patientId: 'p1' },
    { id: 'ap2', organizationId: null, patientId: null },
  ]);
});

test('a record that names its patient through a key carries the key and the resolver', () => {
  const resolve = () => Promise.resolve(new Map<string, string>());
  const reads = itemReads<{ labOrderId: string }>({ via: (file) => file.labOrderId, resolve });
  assert.deepEqual(reads.records({ item: { id: 'f1', labOrderId: 'lo1' } }), [{ id: 'f1', organizationId: null, patientId: null, via: 'lo1' }]);
  assert.equal(reads.resolve, resolve);
});

test('the records of a read become one entry with its records and patients', () => {
  const records = [
    { id: 'ap1', organizationId: null, patientId: 'p1' },
    { id: 'ap2', organizationId: null, patientId: 'p1' },
    { id: 'ap3', organizationId: null, patientId: 'p2' },
    { id: 'ap4', organizationId: null, patientId: null },
  ];
  assert.deepEqual(idsOf(rowsOf(read(records))), [{ org: 'org_a', records: ['ap1', 'ap2', 'ap3', 'ap4'], patients: ['p1', 'p2'] }]);
});

test('a read spanning organizations is one entry per organization; a read of nothing is one empty entry', () => {
  const spanning = [
    { id: 'a1', organizationId: 'org_a', patientId: 'p1' },
    { id: 'b1', organizationId: 'org_b', patientId: 'p9' },
  ];
  const rows = rowsOf(read(spanning, null));
  assert.deepEqual(idsOf(rows), [
    { org: 'org_a', records: ['a1'], patients: ['p1'] },
    { org: 'org_b', records: ['b1'], patients: ['p9'] },
  ]);
  assert.deepEqual(rows[1]!.patients, [{ readId: rows[1]!.read.id, patientId: 'p9', organizationId: 'org_b', at: 1_000 }]);
  assert.deepEqual(idsOf(rowsOf(read([]))), [{ org: 'org_a', records: [], patients: [] }]);
});
