import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allows, covers, parseScope, parseScopes } from './smart-scopes.ts';

const scope = (text: string) => {
  const parsed = parseScope(text);
  assert.ok(parsed, text);
  return parsed;
};

test('read scopes parse in the v1 and v2 forms; write scopes and other shapes do not', () => {
  assert.deepEqual([...scope('system/*.read').interactions], ['read', 'search']);
  assert.deepEqual([...scope('system/Patient.rs').interactions], ['read', 'search']);
  assert.deepEqual([...scope('patient/Observation.r').interactions], ['read']);
  assert.deepEqual([...scope('user/Patient.s').interactions], ['search']);
  for (const text of ['system/*.write', 'system/*.*', 'system/Patient.cruds', 'system/Patient.sr', 'launch/patient', 'system/patient.read', 'openid', 'system/*.read ', 'system/Patient.read?x=1']) {
    assert.equal(parseScope(text), undefined, text);
  }
  assert.equal(parseScopes('system/Patient.read system/*.write'), undefined);
  assert.equal(parseScopes('system/Patient.read  system/Patient.read')?.length, 1);
});

test('a scope covers the same context, its type or every type, and fewer interactions', () => {
  assert.ok(covers(scope('system/*.read'), scope('system/Patient.r')));
  assert.ok(covers(scope('system/Patient.read'), scope('system/Patient.rs')));
  assert.ok(!covers(scope('system/Patient.r'), scope('system/Patient.read')));
  assert.ok(!covers(scope('system/Patient.read'), scope('system/*.read')));
  assert.ok(!covers(scope('system/Patient.read'), scope('system/Practitioner.read')));
  assert.ok(!covers(scope('system/*.read'), scope('patient/Patient.read')));
  assert.ok(allows([scope('system/Patient.s')], 'system', 'Patient', 'search'));
  assert.ok(!allows([scope('system/Patient.s')], 'system', 'Patient', 'read'));
  assert.ok(!allows([], 'system', 'Patient', 'read'));
});
