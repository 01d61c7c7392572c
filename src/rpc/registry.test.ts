import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { allOperations } from '../namespaces/index.ts';
import { member } from '../operations/audience.ts';
import { defineOperation } from '../operations/operation.ts';
import { byPatientId, itemReads } from '../operations/reads.ts';
import { Registry } from './registry.ts';

const declaration = {
  namespace: 'probe', name: 'getRecord', audience: member(), input: z.object({}),
  handler: () => Promise.resolve({ item: { id: 'r1', patientId: 'p1' } }),
};

test('an operation reading patient data without its reads fails registration, naming the operation', () => {
  assert.throws(() => new Registry([defineOperation({ ...declaration, readsPatientData: true })]), /probe\.getRecord reads patient data but declares no reads/);
});

test('reads without readsPatientData fail registration too; both together register', () => {
  assert.throws(() => new Registry([defineOperation({ ...declaration, reads: itemReads(byPatientId) })]), /probe\.getRecord declares reads but not readsPatientData/);
  const registry = new Registry([defineOperation({ ...declaration, readsPatientData: true, reads: itemReads(byPatientId) })]);
  assert.deepEqual(registry.find('probe', 'getRecord')!.reads!.records({ item: { id: 'r1', patientId: 'p1' } }), [{ id: 'r1', organizationId: null, patientId: 'p1' }]);
});

test('every operation of the service that reads patient data declares its reads', () => {
  assert.doesNotThrow(() => new Registry(allOperations));
  const reading = allOperations.filter((op) => op.readsPatientData).map((op) => `${op.namespace}.${op.name}`);
  for (const name of ['labResultFiles.listByOrganization', 'preConsultationForms.getById', 'webhooks.listDeliveries', 'exports.stream', 'appointments.getPatientDetails']) {
    assert.ok(reading.includes(name), name);
  }
});
