import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { anonymous, type ClientCaller } from '../caller/caller.ts';
import { parseScopes } from '../caller/smart-scopes.ts';
import { everyone, member } from '../operations/audience.ts';
import { defineOperation } from '../operations/operation.ts';
import { AppError } from '../values/errors.ts';
import { admitClient, fhirReadOf, mayBulkExport, openToBackendClients } from './clients.ts';

const client = (scope: string): ClientCaller => ({ kind: 'client', clientId: 'c1', organizationId: 'org-1', scopes: parseScopes(scope)! });
const op = (namespace: string, name: string, options: { writes?: boolean; audience?: typeof everyone } = {}) =>
  defineOperation({ namespace, name, audience: options.audience ?? member(), writes: options.writes ?? false, input: z.object({}), handler: async () => ({}) });

const refusal = (fn: () => void): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (err) {
    assert.ok(err instanceof AppError);
    return err.code;
  }
};

test('a FHIR read is a read<Type> or search<Type> of the fhir namespace that writes nothing', () => {
  assert.deepEqual(fhirReadOf(op('fhir', 'readPatient')), { resourceType: 'Patient', interaction: 'read' });
  assert.deepEqual(fhirReadOf(op('fhir', 'searchMedicationKnowledge')), { resourceType: 'MedicationKnowledge', interaction: 'search' });
  assert.equal(fhirReadOf(op('fhir', 'createPatient', { writes: true })), undefined);
  assert.equal(fhirReadOf(op('fhir', 'readPatient', { writes: true })), undefined);
  assert.equal(fhirReadOf(op('patients', 'readPatient')), undefined);
  assert.equal(fhirReadOf(op('fhir', 'metadata')), undefined);
});

test('a client passes where its scopes cover the type and interaction, by the FHIR interface only', () => {
  assert.equal(refusal(() => admitClient(op('fhir', 'readPatient'), client('system/*.read'), 'fhir')), undefined);
  assert.equal(refusal(() => admitClient(op('fhir', 'readAppointment'), client('system/Patient.read'), 'fhir')), 'FORBIDDEN');
  assert.equal(refusal(() => admitClient(op('fhir', 'searchPatient'), client('system/Patient.r'), 'fhir')), 'FORBIDDEN');
  assert.equal(refusal(() => admitClient(op('fhir', 'readPatient'), client('system/*.read'), 'rpc')), 'FORBIDDEN');
  assert.equal(refusal(() => admitClient(op('patients', 'getById'), client('system/*.read'), 'fhir')), 'FORBIDDEN');
  assert.equal(refusal(() => admitClient(op('fhir', 'metadata', { audience: everyone }), client('system/Patient.r'), 'fhir')), undefined);
  const kickOff = openToBackendClients(op('fhir', 'exportAll', { writes: true }));
  // The registry copies operations: the name counts.
  assert.equal(refusal(() => admitClient({ ...kickOff }, client('system/Patient.r'), 'fhir')), undefined);
});

test('a Bulk Data export: a client whose system scopes read and search every type asked', () => {
  assert.ok(mayBulkExport(client('system/*.read')));
  assert.ok(mayBulkExport(client('system/*.rs'), ['Patient', 'Appointment']));
  assert.ok(mayBulkExport(client('system/Patient.read system/Appointment.rs'), ['Patient', 'Appointment']));
  assert.ok(!mayBulkExport(client('system/Patient.read')));
  assert.ok(!mayBulkExport(client('system/Patient.read'), ['Patient', 'Appointment']));
  assert.ok(!mayBulkExport(client('system/*.r'), ['Patient']));
  assert.ok(!mayBulkExport(anonymous));
});
