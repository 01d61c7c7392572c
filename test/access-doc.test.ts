import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readDoc, renderDoc } from '../scripts/render-access-doc.ts';
import { unusedPatterns } from '../src/access/grants.ts';
import { allOperations } from '../src/namespaces/index.ts';

test('docs/access.md is rendered from the registry and the role table', () => {
  const committed = readDoc();
  assert.ok(committed !== null, 'docs/access.md is missing: run npm run docs:access');
  assert.ok(committed === renderDoc(committed), 'docs/access.md differs from the registry and src/access/grants.ts: run npm run docs:access');
});

test('every pattern of the role table names at least one operation', () => {
  assert.deepEqual(unusedPatterns(allOperations), []);
});

test('no operation gives itself roles: they come from the role table only', () => {
  const explicit = allOperations.filter((op) => (op.audience.kind === 'member' || op.audience.kind === 'self') && op.audience.roles !== undefined);
  assert.deepEqual(explicit.map((op) => `${op.namespace}.${op.name}`), []);
});
