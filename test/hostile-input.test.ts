import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { z } from 'zod';
import { allOperations } from '../src/namespaces/index.ts';
import { BOUNDS_KEY, DEFAULT_BOUNDS } from '../src/values/bounds.ts';
import { platformAdmin } from './builders.ts';
import { inputFieldsOf } from './input-fields.ts';
import { createTestApp, type TestApp } from './harness.ts';

type JsonSchema = { [key: string]: unknown };

/**
 * Where an input schema lets a value of any size in: a string without maxLength, a list without
 * maxItems, an object open to any keys or a value of any shape without declared bounds
 * (src/values/bounds.ts). Returns the paths of the unbounded places.
 */
function unboundedPlaces(root: JsonSchema): string[] {
  const found: string[] = [];
  const defs = { ...((root.$defs as Record<string, JsonSchema>) ?? {}) };
  const pending: { node: JsonSchema; path: string }[] = [{ node: root, path: '' }];
  const seen = new Set<JsonSchema>();
  while (pending.length) {
    const { node, path } = pending.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    if (node[BOUNDS_KEY]) continue;
    if (typeof node.$ref === 'string') {
      const target = defs[node.$ref.replace('#/$defs/', '')];
      if (target) pending.push({ node: target, path });
      continue;
    }
    if ('const' in node || Array.isArray(node.enum)) continue;
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const parts = node[key] as JsonSchema[] | undefined;
      for (const part of parts ?? []) pending.push({ node: part, path });
    }
    const type = node.type;
    if (type === 'string' && typeof node.maxLength !== 'number') found.push(`${path || '(input)'}: string without maxLength`);
    if (type === 'array') {
      if (typeof node.maxItems !== 'number') found.push(`${path}: list without maxItems`);
      if (node.items && typeof node.items === 'object') pending.push({ node: node.items as JsonSchema, path: `${path}[]` });
      for (const item of (node.prefixItems as JsonSchema[] | undefined) ?? []) pending.push({ node: item, path: `${path}[]` });
    }
    if (type === 'object') {
      for (const [name, child] of Object.entries((node.properties as Record<string, JsonSchema>) ?? {})) pending.push({ node: child, path: path ? `${path}.${name}` : name });
      const extra = node.additionalProperties;
      if (extra !== undefined && extra !== false) found.push(`${path || '(input)'}: object open to any keys`);
    }
    if (type === undefined && !node.anyOf && !node.oneOf && !node.allOf && !('not' in node)) found.push(`${path || '(input)'}: a value of any shape`);
  }
  return found;
}

describe('every input is bounded by its schema', () => {
  test('no field of any operation escapes the bounds (string maxLength, list maxItems, free-form bounds)', () => {
    const escapes: string[] = [];
    for (const op of allOperations) {
      const schema = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      for (const place of unboundedPlaces(schema)) escapes.push(`${op.namespace}.${op.name} ${place}`);
    }
    assert.deepEqual(escapes, []);
  });
});

/** `{ a: { a: ... } }` nested `depth` levels, built without recursion. */
function nested(depth: number, inner: unknown = 'end'): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Stands for a value 100,000 levels deep, written into the body text (JSON.stringify cannot write it). */
const DEEP = '\u0000deep\u0000';
const DEEP_TEXT = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;

/** Values past every default bound: no field may store one. */
const oversized = fc.constantFrom<unknown>(
  'x'.repeat(70_000),
  'é'.repeat(40_000),
  DEEP,
  nested(1_000),
  Array.from({ length: 20 }, () => nested(20)),
  Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])),
  Array.from({ length: 5_000 }, (_, i) => `item ${i}`),
  Array.from({ length: 300 }, () => 'y'.repeat(9_000)),
  { ['k'.repeat(70_000)]: 1 },
);
/** Values of the wrong type (or the edge of the right one): any answer but a 5xx. */
const wrong = fc.constantFrom<unknown>(null, true, -1, 1e308, 0.5, '', {}, [], [[[]]], 'text', { a: 1 });

async function callRaw(t: TestApp, token: string, namespace: string, apiName: string, data: Record<string, unknown>) {
  const payload = JSON.stringify({ namespace, apiName, data }).replaceAll(JSON.stringify(DEEP), DEEP_TEXT);
  const response = await t.app.inject({ method: 'POST', url: '/api', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload });
  return { statusCode: response.statusCode, body: response.json<{ error?: { code: string } }>() };
}

describe('no hostile value in any field makes a 5xx, and no oversized one is accepted', () => {
  let t: TestApp;
  let token: string;
  before(async () => {
    t = await createTestApp('sqlite');
    token = (await platformAdmin(t)).token;
  });
  after(() => t.close());

  for (const op of allOperations) {
    test(`${op.namespace}.${op.name}`, async () => {
      const keys = inputFieldsOf(op);
      const field = fc.constantFrom(...(keys.length ? keys : ['x']));
      const others = fc.dictionary(field, wrong, { maxKeys: 2 });
      await fc.assert(
        fc.asyncProperty(field, fc.oneof(oversized, wrong), others, async (name, value, rest) => {
          const res = await callRaw(t, token, op.namespace, op.name, { ...rest, [name]: value });
          const notConfigured = res.statusCode === 503 && res.body.error?.code === 'NOT_CONFIGURED';
          const shown = `${op.namespace}.${op.name} ${name}=${JSON.stringify(value).slice(0, 60)}: ${res.statusCode} ${JSON.stringify(res.body).slice(0, 300)}`;
          assert.ok(res.statusCode < 500 || notConfigured, shown);
          const isOversized = value === DEEP || JSON.stringify(value).length > 20_000;
          if (isOversized && keys.includes(name)) assert.notEqual(res.statusCode, 200, shown);
        }),
        { numRuns: 20 },
      );
    });
  }
});

/** The heap in use once garbage is collected: what the answers left behind, not when the collector last ran. */
function heapAfterCollection(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

describe('memory stays bounded while the largest allowed records are listed', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite');
  });
  after(() => t.close());

  test('100 patients with the largest address and text fields: a page of 100 fits the budget, and the heap does not grow with repeated lists', async () => {
    const admin = await platformAdmin(t);
    const organization = await t.call('organizations', 'create', { name: 'Largest records', slug: 'largest-records', type: 'clinic' }, { token: admin.token });
    assert.equal(organization.statusCode, 200, JSON.stringify(organization.body));
    const organizationId = organization.body.data.item.id as string;
    const half = Math.floor((DEFAULT_BOUNDS.bytes - JSON.stringify({ line1: '', line2: '' }).length) / 2);
    for (let i = 0; i < 100; i++) {
      const created = await t.call(
        'patients',
        'create',
        { organizationId, name: `${String(i).padStart(3, '0')} ${'n'.repeat(190)}`, gender: 'g'.repeat(32), email: `p${i}@example.com`, address: { line1: 'a'.repeat(half), line2: 'b'.repeat(half) } },
        { token: admin.token },
      );
      assert.equal(created.statusCode, 200, JSON.stringify(created.body).slice(0, 300));
    }
    const list = () => t.app.inject({ method: 'POST', url: '/api', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` }, payload: JSON.stringify({ namespace: 'patients', apiName: 'listByOrganization', data: { organizationId, pageSize: 100 } }) });
    const first = await list();
    assert.equal(first.statusCode, 200);
    assert.equal(first.json().data.items.length, 100);
    assert.ok(first.rawPayload.length < t.config.pageBudgetBytes, `${first.rawPayload.length} bytes`);
    const before = heapAfterCollection();
    for (let i = 0; i < 30; i++) assert.equal((await list()).statusCode, 200);
    const grown = heapAfterCollection() - before;
    // 30 answers of about 1.7 MB each are garbage once answered: what stays is far less than one budget.
    assert.ok(grown < t.config.pageBudgetBytes * 4, `heap grew ${grown} bytes`);
  });
});

test('a value nested past every bound is refused in any field, also one its schema would leave out', async () => {
  const t = await createTestApp('sqlite');
  try {
    const token = (await platformAdmin(t)).token;
    const deep = await callRaw(t, token, 'users', 'getAllDoctors', { filter: DEEP });
    assert.equal(deep.statusCode, 400);
    assert.equal(deep.body.error?.code, 'VALIDATION_FAILED');
    const shallow = await callRaw(t, token, 'users', 'getAllDoctors', { filter: nested(3) });
    assert.equal(shallow.statusCode, 200, 'an unknown key nested a little is left out, as always');
  } finally {
    await t.close();
  }
});
