import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { z } from 'zod';
import { allOperations } from '../src/namespaces/index.ts';
import { defineOperation } from '../src/operations/operation.ts';
import { everyone } from '../src/operations/audience.ts';
import { buildOpenApi } from '../src/rpc/openapi.ts';
import { Registry } from '../src/rpc/registry.ts';
import { itemResult, out } from '../src/values/results.ts';
import { assertDeclaredResult } from './harness.ts';

test('every operation declares its result and a summary', () => {
  // An operation answering a file at its own path (exports.stream, billing.downloadDocument) has no envelope and no result schema.
  const missing = allOperations.filter((op) => !op.output && !op.streamed).map((op) => `${op.namespace}.${op.name}`);
  assert.deepEqual(missing, [], 'operations without a result schema');
  const unsummarised = allOperations.filter((op) => !op.summary).map((op) => `${op.namespace}.${op.name}`);
  assert.deepEqual(unsummarised, [], 'operations without a summary');
});

test('an answer that its result schema does not describe fails the test that got it', () => {
  const op = defineOperation({ namespace: 'demo', name: 'read', audience: everyone, input: z.object({}), output: itemResult(out.record({ id: out.id(), count: out.int() })), handler: async () => JSON.parse('{}') });
  const operations = new Map([['demo.read', op]]);
  assertDeclaredResult(operations, 'demo', 'read', { item: { id: 'a', count: 2, extra: 'a later column passes' } });
  assert.throws(() => assertDeclaredResult(operations, 'demo', 'read', { item: { id: 'a', count: '2' } }), /demo\.read answered what its result schema does not describe:\n {2}item\.count/);
  assert.throws(() => assertDeclaredResult(operations, 'demo', 'read', { items: [] }), /item: /);
});

test('/openapi.json carries each result, and Redocly\'s recommended rules find nothing', async () => {
  const document = buildOpenApi(new Registry(allOperations)) as { paths: Record<string, { post: { responses: Record<string, { content: Record<string, { schema: { properties: { data: { properties: Record<string, { properties?: Record<string, unknown> }> } } } }> }> } }> };
  const created = document.paths['/api/appointments/create']!.post.responses['200']!.content['application/json']!.schema.properties.data;
  assert.ok(created.properties.item?.properties?.scheduledDate, 'appointments.create answers { item } with the appointment\'s fields');
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: '/openapi.json', config });
  assert.deepEqual(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`), []);
});
