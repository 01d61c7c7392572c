import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect, failsWith, type TestApp } from '../harness.ts';
import { accountWithOrganization, ok, production } from './production.ts';

/**
 * Issue 24, finding 1: a free-form field (patients.address) accepted any size and depth, so one
 * account could store megabytes per record and then make one list answer exhaust the heap, or make
 * serialising a deep value overflow the stack (500). Every free-form value is now bounded by its
 * schema (docs/api.md "Bounds"), and a page answer by a byte budget whatever was stored before.
 */

const MAX_ADDRESS_BYTES = 16 * 1024;

/** An object of `keys` keys whose values are `valueLength` characters each. */
function wide(keys: number, valueLength: number): Record<string, string> {
  const value = 'x'.repeat(valueLength);
  const object: Record<string, string> = {};
  for (let i = 0; i < keys; i++) object[`k${String(i).padStart(5, '0')}`] = value;
  return object;
}

/** `{ a: { a: ... { a: 'end' } } }`, `depth` objects deep, built without recursion. */
function deep(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { a: 'end' };
  for (let i = 1; i < depth; i++) value = { a: value };
  return value;
}

/** A JSON call whose body is too deep for JSON.stringify to write: the body text is built by hand. */
async function callWithDeepAddress(t: TestApp, token: string, organizationId: string, depth: number) {
  const address = `${'{"a":'.repeat(depth)}"end"${'}'.repeat(depth)}`;
  const payload = `{"namespace":"patients","apiName":"create","data":{"organizationId":${JSON.stringify(organizationId)},"name":"Deep","address":${address}}}`;
  const response = await t.app.inject({ method: 'POST', url: '/api', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload });
  return { statusCode: response.statusCode, body: response.json<{ status: string; error: { code: string; details?: { path: string }[] } }>() };
}

/** An address whose JSON text is exactly `bytes` bytes (each string within the 10,000 characters a string may hold). */
function addressOfBytes(bytes: number): Record<string, string> {
  const frame = JSON.stringify({ line1: '', line2: '' }).length;
  const text = bytes - frame;
  return { line1: 'a'.repeat(Math.floor(text / 2)), line2: 'b'.repeat(Math.ceil(text / 2)) };
}

describeEachDialect(
  'issue 24 finding 1: every input is bounded by its schema',
  (t) => {
    test('a 44,000-key address (5 MB) is refused with 400 naming address, before anything is stored', async () => {
      const owner = await accountWithOrganization(t(), 'wide');
      const address = wide(44_000, 100);
      assert.ok(JSON.stringify(address).length > 4_500_000, 'the attack of the finding: about 5 MB');
      const error = failsWith(await t().call('patients', 'create', { organizationId: owner.organizationId, name: 'Wide', address }, { token: owner.token }), 'VALIDATION_FAILED', 400);
      assert.ok(error.details?.some((d) => d.path === 'address'), JSON.stringify(error.details?.slice(0, 3)));
      const list = ok(await t().call('patients', 'listByOrganization', { organizationId: owner.organizationId }, { token: owner.token }));
      assert.equal(list.total, 0);
    });

    test('an address nested 100,000 levels deep is 400, not 500', async () => {
      const owner = await accountWithOrganization(t(), 'deep');
      const response = await callWithDeepAddress(t(), owner.token, owner.organizationId, 100_000);
      assert.equal(response.statusCode, 400, JSON.stringify(response.body).slice(0, 300));
      assert.equal(response.body.error.code, 'VALIDATION_FAILED');
      assert.ok(response.body.error.details?.some((d) => d.path === 'address'));
      // Depth as the finding found it (about 4,450) and just past the bound: refused the same way.
      for (const depth of [4_450, 9]) {
        const refused = await callWithDeepAddress(t(), owner.token, owner.organizationId, depth);
        assert.equal(refused.statusCode, 400, `depth ${depth}`);
        assert.equal(refused.body.error.code, 'VALIDATION_FAILED');
      }
    });

    test('the largest allowed address is stored and read back; one byte more is refused', async () => {
      const owner = await accountWithOrganization(t(), 'largest');
      const largest = addressOfBytes(MAX_ADDRESS_BYTES);
      const created = ok(await t().call('patients', 'create', { organizationId: owner.organizationId, name: 'Largest', address: largest }, { token: owner.token }));
      const read = ok(await t().call('patients', 'getById', { organizationId: owner.organizationId, id: created.item.id }, { token: owner.token }));
      assert.deepEqual(read.item.address, largest);
      const nested = ok(await t().call('patients', 'create', { organizationId: owner.organizationId, name: 'Nested', address: deep(8) }, { token: owner.token }));
      assert.deepEqual(nested.item.address, deep(8));
      const error = failsWith(
        await t().call('patients', 'create', { organizationId: owner.organizationId, name: 'Over', address: addressOfBytes(MAX_ADDRESS_BYTES + 1) }, { token: owner.token }),
        'VALIDATION_FAILED',
        400,
      );
      assert.ok(error.details?.some((d) => d.path === 'address'));
      const list = ok(await t().call('patients', 'listByOrganization', { organizationId: owner.organizationId, pageSize: 100 }, { token: owner.token }));
      assert.equal(list.total, 2);
    });

    test('rows stored before the limits (5 MB addresses) make a large page 413 with advice, and a smaller page works', async () => {
      const owner = await accountWithOrganization(t(), 'legacy');
      const legacyAddress = JSON.stringify(wide(44_000, 100));
      const now = Date.now();
      for (let i = 0; i < 4; i++) {
        await t()
          .database.db.insertInto('patients')
          .values({ id: `legacy-${owner.organizationId}-${i}`, organizationId: owner.organizationId, name: `Legacy ${i}`, dob: null, gender: null, mobileNumber: null, email: null, address: legacyAddress, idpUserId: null, createdAt: now + i, updatedAt: now + i })
          .execute();
      }
      ok(await t().call('patients', 'create', { organizationId: owner.organizationId, name: 'Recent', address: { city: 'Pune' } }, { token: owner.token }));
      const error = failsWith(await t().call('patients', 'listByOrganization', { organizationId: owner.organizationId, pageSize: 100 }, { token: owner.token }), 'PAYLOAD_TOO_LARGE', 413);
      assert.match(error.message, /pageSize/);
      const small = ok(await t().call('patients', 'listByOrganization', { organizationId: owner.organizationId, pageSize: 1 }, { token: owner.token }));
      assert.equal(small.items.length, 1);
      assert.equal(small.items[0].name, 'Recent');
      const second = ok(await t().call('patients', 'listByOrganization', { organizationId: owner.organizationId, page: 2, pageSize: 1 }, { token: owner.token }));
      assert.equal(second.items[0].name, 'Legacy 3');
      assert.equal(Object.keys(second.items[0].address).length, 44_000);
      assert.equal(second.total, 5);
    });
  },
  production(),
);
