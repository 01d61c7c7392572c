import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { operations } from './index.ts';

describeEachDialect('tokenCounters access (docs/contract.md, "Audiences and roles")', (t) => {
  const call = (op: string, data: Record<string, unknown>, token: string) => t().call('tokenCounters', op, data, { token });
  const org = orgId();
  let counter: { id: string };

  before(async () => {
    counter = ok(await t().call('tokenCounters', 'create', { organizationId: org, date: '2026-07-01', prefix: 'OPD', lastSequence: 0 })).item;
  });

  test('members with a granted role pass: a receptionist manages counters, a nurse takes numbers but does not edit them', async () => {
    const receptionist = await signIn(t(), { organizationId: org, roles: ['receptionist'] });
    assert.equal(ok(await call('update', { id: counter.id, organizationId: org, lastSequence: 5 }, receptionist.token)).item.lastSequence, 5);
    const nurse = await signIn(t(), { organizationId: org, roles: ['nurse'] });
    assert.equal(ok(await call('next', { organizationId: org, date: '2026-07-01', prefix: 'OPD' }, nurse.token)).sequence, 6);
    ok(await call('getById', { id: counter.id, organizationId: org }, nurse.token));
    failsWith(await call('update', { id: counter.id, organizationId: org, lastSequence: 0 }, nurse.token), 'FORBIDDEN', 403);
  });

  test('members without a granted role (hr, pharmacist) are FORBIDDEN', async () => {
    for (const role of ['hr', 'pharmacist']) {
      const member = await signIn(t(), { organizationId: org, roles: [role] });
      failsWith(await call('next', { organizationId: org, date: '2026-07-01', prefix: 'OPD' }, member.token), 'FORBIDDEN', 403);
      failsWith(await call('listByOrganization', { organizationId: org }, member.token), 'FORBIDDEN', 403);
    }
  });

  test('a member of another organization naming this one is FORBIDDEN; the counter in its own is NOT_FOUND', async () => {
    const elsewhere = orgId();
    const outsider = await signIn(t(), { organizationId: elsewhere, roles: ['receptionist'] });
    failsWith(await call('getById', { id: counter.id, organizationId: org }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('next', { organizationId: org, date: '2026-07-01', prefix: 'OPD' }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('getById', { id: counter.id, organizationId: elsewhere }, outsider.token), 'NOT_FOUND', 404);
    failsWith(await call('delete', { id: counter.id, organizationId: elsewhere }, outsider.token), 'NOT_FOUND', 404);
  });

  test('an account with a token and no membership reads and writes no counter', async () => {
    const account = await tokenFor(t(), 'idp-no-membership');
    failsWith(await call('getById', { id: counter.id, organizationId: org }, account), 'FORBIDDEN', 403);
    failsWith(await call('next', { organizationId: org, date: '2026-07-01', prefix: 'OPD' }, account), 'FORBIDDEN', 403);
    failsWith(await call('create', { organizationId: org, date: '2026-07-02', prefix: 'OPD', lastSequence: 0 }, account), 'FORBIDDEN', 403);
  });

  test('counters are no patient data', () => {
    assert.deepEqual(operations.filter((op) => op.readsPatientData), []);
  });
});
