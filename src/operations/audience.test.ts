import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { defineOperation, type Operation } from './operation.ts';
import { Registry } from '../rpc/registry.ts';
import { member } from './audience.ts';
import { rolesGranted } from '../access/grants.ts';

const declaration = { namespace: 'probe', name: 'open', input: z.object({}), handler: () => Promise.resolve({}) };

test('an operation without an audience fails at declaration and at registration', () => {
  // What the types forbid, as a declaration from plain JavaScript would have it: no audience.
  const probe = { ...declaration, audience: member() };
  Reflect.deleteProperty(probe, 'audience');
  assert.throws(() => defineOperation(probe), /declares no audience/);
  const undeclared: Operation = { ...defineOperation({ ...declaration, audience: member() }) };
  Reflect.deleteProperty(undeclared, 'audience');
  assert.throws(() => new Registry([undeclared]), /declares no audience/);
});

test('the registry gives member operations the roles of the table', () => {
  const registry = new Registry([defineOperation({ ...declaration, namespace: 'beds', name: 'update', audience: member(), writes: true })]);
  const roles = registry.find('beds', 'update')!.roles;
  assert.deepEqual([...roles].sort(), rolesGranted({ namespace: 'beds', name: 'update', writes: true }).sort());
  assert.ok(roles.has('nurse') && roles.has('receptionist') && roles.has('admin'));
  assert.ok(!roles.has('hr') && !roles.has('patient'));
});

test('patterns: ns:read grants only reading operations, a later ! takes away, admin is not granted attendance', () => {
  assert.ok(rolesGranted({ namespace: 'beds', name: 'listByOrganization', writes: false }).includes('doctor'));
  assert.ok(!rolesGranted({ namespace: 'beds', name: 'update', writes: true }).includes('doctor'));
  assert.ok(!rolesGranted({ namespace: 'beds', name: 'delete', writes: true }).includes('nurse'));
  const attendance = rolesGranted({ namespace: 'hrmAttendance', name: 'list', writes: false });
  assert.deepEqual(attendance, ['hr']);
});
