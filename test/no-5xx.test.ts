import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { allOperations } from '../src/namespaces/index.ts';
import { platformAdmin } from './builders.ts';
import { inputFieldsOf } from './input-fields.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** Values of every legend type and the wrong ones, so that schemas and handlers both get exercised. */
const value = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('2026-11-21', '2026-02-30', '09:30', '24:00', 'a@b.co', 'org_1', '', '%', "'; drop table users; --"),
  fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);

describe('no input makes a 5xx', () => {
  let t: TestApp;
  let token: string;
  before(async () => {
    t = await createTestApp('sqlite');
    token = (await platformAdmin(t)).token;
  });
  after(() => t.close());

  for (const op of allOperations) {
    test(`${op.namespace}.${op.name}`, async () => {
      const data = fc.dictionary(fc.constantFrom(...inputFieldsOf(op), 'organizationId', 'id'), value, { maxKeys: 8 });
      await fc.assert(
        fc.asyncProperty(data, fc.boolean(), async (input, withToken) => {
          const res = await t.call(op.namespace, op.name, input, withToken ? { token } : {});
          const notConfigured = res.statusCode === 503 && res.body.error.code === 'NOT_CONFIGURED';
          assert.ok(res.statusCode < 500 || notConfigured, `${res.statusCode} ${JSON.stringify(res.body)} for ${JSON.stringify(input)}`);
        }),
        { numRuns: 25 },
      );
    });
  }
});
