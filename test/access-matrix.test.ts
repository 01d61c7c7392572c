import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { ROLES } from '../src/caller/roles.ts';
import { allOperations } from '../src/namespaces/index.ts';
import { newId } from '../src/values/ids.ts';
import type { Operation } from '../src/operations/operation.ts';
import { Registry } from '../src/rpc/registry.ts';
import { organizationDigest } from './access/digest.ts';
import { identityIds, idsOf, secretIds, seedOrganization, type Seeded } from './access/fixture.ts';
import { minimalInput } from './access/inputs.ts';
import { platformAdmin, signIn, tokenFor, type SignedIn } from './builders.ts';
import { describeEachDialect, type ApiResponse } from './harness.ts';

/**
 * The access rules (docs/contract.md, "Audiences and roles") checked for every operation of the registry, with the
 * least valid input its schema allows naming the records of one organization: a new operation is
 * covered without anyone writing a test for it. Each test sweeps every operation and reports every
 * one that breaks the rule at once.
 */

const registry = new Registry(allOperations);
// Deletions last, so that the records the other operations name are still there when they run.
const operations = registry.all().sort((x, y) => Number(x.name.startsWith('delete')) - Number(y.name.startsWith('delete')));
const memberOperations = operations.filter((op) => op.audience.kind === 'member');
const STAFF_ROLES = ROLES.filter((role) => role !== 'platform_admin');

const label = (op: Operation) => `${op.namespace}.${op.name}`;
const outcome = (res: ApiResponse) => (res.body.status === 'ok' ? `${res.statusCode} ok` : `${res.statusCode} ${res.body.error.code}: ${res.body.error.message}`);
const isRefusal = (res: ApiResponse) => res.statusCode === 401 || res.statusCode === 403;

describeEachDialect(
  'access matrix: every operation of the registry (AUTH_MODE=required)',
  (t) => {
    let a: Seeded;
    let b: Seeded;
    let adminOfA: SignedIn;
    let accountToken: string;
    const membersOfA = new Map<string, SignedIn>();

    const call = (op: Operation, data: unknown, token?: string) => t().call(op.namespace, op.name, data, token ? { token } : {});
    const inputFor = (op: Operation, seeded: Seeded, caller?: SignedIn & { role?: string }) => minimalInput(op, idsOf(seeded, caller));
    const leaked = (res: ApiResponse, secrets: string[]) => {
      const body = JSON.stringify(res.body.data);
      return secrets.filter((id) => body.includes(id));
    };

    before(async () => {
      const root = await platformAdmin(t());
      a = await seedOrganization(t(), root.token, 'Organization A');
      b = await seedOrganization(t(), root.token, 'Organization B');
      adminOfA = await signIn(t(), { organizationId: a.organizationId, roles: ['admin'] });
      for (const role of STAFF_ROLES) membersOfA.set(role, await signIn(t(), { organizationId: a.organizationId, roles: [role] }));
      accountToken = await tokenFor(t(), `account-${newId()}`);
    });

    test('anonymous: 401 for every operation that is not public', async () => {
      const wrong: string[] = [];
      for (const op of operations.filter((o) => o.audience.kind !== 'public')) {
        const res = await call(op, inputFor(op, b));
        if (res.statusCode !== 401) wrong.push(`${label(op)} (${op.audience.kind}): ${outcome(res)}`);
      }
      assert.deepEqual(wrong, []);
    });

    test('an account without membership: member and platform operations are FORBIDDEN, nothing answers B\'s records, no row of B changes', async () => {
      const secrets = secretIds(b);
      const before = await organizationDigest(t(), b.organizationId);
      const wrong: string[] = [];
      for (const op of operations) {
        const res = await call(op, inputFor(op, b), accountToken);
        if (op.audience.kind === 'public') {
          // Public answers (the doctor directory ...) show public profile fields only.
          if (res.statusCode === 200 && leaked(res, identityIds(b)).length > 0) wrong.push(`${label(op)} (public): 200 carrying B's identity ids or team ${leaked(res, identityIds(b)).join(', ')}`);
        } else if ((op.audience.kind === 'member' || op.audience.kind === 'platform') && res.statusCode !== 403) {
          wrong.push(`${label(op)} (${op.audience.kind}): ${outcome(res)}`);
        } else if (res.statusCode === 200 && leaked(res, secrets).length > 0) {
          wrong.push(`${label(op)} (${op.audience.kind}): 200 carrying B's ${leaked(res, secrets).join(', ')}`);
        }
      }
      assert.deepEqual(wrong, []);
      assert.deepEqual(await organizationDigest(t(), b.organizationId), before, 'a row of B changed');
    });

    test('the admin of A naming B: every member operation is FORBIDDEN (B named) or NOT_FOUND (a record of B); no row of B changes', async () => {
      const secrets = secretIds(b);
      const before = await organizationDigest(t(), b.organizationId);
      const wrong: string[] = [];
      for (const op of memberOperations) {
        const input = inputFor(op, b, adminOfA);
        const res = await call(op, input, adminOfA.token);
        const namesB = Object.values(input).some((value) => typeof value === 'string' && (value === b.organizationId || secrets.includes(value) || value === b.slug));
        if (input.organizationId === b.organizationId) {
          if (res.statusCode !== 403) wrong.push(`${label(op)} (names organizationId B): ${outcome(res)}`);
        } else if (namesB) {
          if (res.statusCode !== 403 && res.statusCode !== 404) wrong.push(`${label(op)} (names a record of B): ${outcome(res)}`);
        } else if (res.statusCode === 200 && leaked(res, secrets).length > 0) {
          wrong.push(`${label(op)} (names nothing): 200 carrying B's ${leaked(res, secrets).join(', ')}`);
        }
      }
      assert.deepEqual(wrong, []);
      assert.deepEqual(await organizationDigest(t(), b.organizationId), before, 'a row of B changed');
    });

    test('each role of A on its own organization: FORBIDDEN where the role table does not grant the operation, past the access check where it does', async () => {
      const wrong: string[] = [];
      for (const op of memberOperations) {
        // The roles call at once: a refusal happens before anything is read or written.
        const answers = await Promise.all(STAFF_ROLES.map((role) => {
          const member = membersOfA.get(role)!;
          return call(op, inputFor(op, a, { ...member, role }), member.token);
        }));
        STAFF_ROLES.forEach((role, i) => {
          const res = answers[i]!;
          const granted = op.roles.has(role);
          if (granted && isRefusal(res)) wrong.push(`${label(op)} granted to ${role}: ${outcome(res)}`);
          if (!granted && res.statusCode !== 403) wrong.push(`${label(op)} not granted to ${role}: ${outcome(res)}`);
        });
      }
      assert.deepEqual(wrong, []);
    });

    test('a blocked member of A is FORBIDDEN on every member operation naming A', async () => {
      const blocked = await signIn(t(), { organizationId: a.organizationId, roles: ['admin'], blocked: true });
      const wrong: string[] = [];
      for (const op of memberOperations) {
        const res = await call(op, inputFor(op, a, blocked), blocked.token);
        if (res.statusCode !== 403) wrong.push(`${label(op)}: ${outcome(res)}`);
      }
      assert.deepEqual(wrong, []);
    });
  },
  { env: { AUTH_MODE: 'required' } },
);
