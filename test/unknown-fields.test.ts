import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect, failsWith, ok } from './harness.ts';
import { orgId } from './builders.ts';

/** Fields an operation does not take (docs/api.md, "Unknown fields"). */
describeEachDialect('a field the operation does not take', (t) => {
  test('is left out, as before, and named in X-Unknown-Fields', async () => {
    const org = orgId();
    const created = ok(await t().call('patients', 'create', { organizationId: org, name: 'Asha Rao' }));
    const answer = await t().call('patients', 'update', { id: created.item.id, organizationId: org, mobileNumbr: '+91 98000 00001', name: 'Asha R.' });
    assert.equal(ok(answer).item.name, 'Asha R.');
    assert.equal(ok(answer).item.mobileNumber, null, 'the typo changed nothing');
    assert.equal(answer.headers['x-unknown-fields'], 'mobileNumbr');
    const clean = await t().call('patients', 'update', { id: created.item.id, organizationId: org, name: 'Asha Rao' });
    assert.equal(clean.headers['x-unknown-fields'], undefined);
  });

  test('with Prefer: handling=strict is 400 naming it, and nothing is written', async () => {
    const org = orgId();
    const strict = { headers: { prefer: 'handling=strict' } };
    const created = ok(await t().call('patients', 'create', { organizationId: org, name: 'Asha Rao' }, strict));
    const refused = failsWith(await t().call('patients', 'update', { id: created.item.id, organizationId: org, mobileNumbr: '+91 98000 00001', name: 'Changed' }, strict), 'VALIDATION_FAILED', 400);
    assert.deepEqual(refused.details, [{ path: 'mobileNumbr', message: 'not a field of this operation' }]);
    assert.equal(ok(await t().call('patients', 'getById', { id: created.item.id, organizationId: org })).item.name, 'Asha Rao');
    const applied = await t().call('patients', 'getById', { id: created.item.id, organizationId: org }, { headers: { prefer: 'return=minimal, handling=strict' } });
    assert.equal(applied.headers['preference-applied'], 'handling=strict');
  });

  test('a load carried in keys a schema leaves out is refused too: too many keys, or one too long, anywhere', async () => {
    const wideFilter = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]));
    const longKey = { ['k'.repeat(70_000)]: 1 };
    failsWith(await t().call('users', 'getAllDoctors', { filter: wideFilter }), 'VALIDATION_FAILED', 400);
    failsWith(await t().call('users', 'getAllDoctors', { filter: longKey }), 'VALIDATION_FAILED', 400);
    failsWith(await t().call('users', 'getAllDoctors', { filter: { status: 'active', nested: [longKey] } }), 'VALIDATION_FAILED', 400);
    failsWith(await t().call('users', 'getAllDoctors', longKey), 'VALIDATION_FAILED', 400);
    ok(await t().call('users', 'getAllDoctors', { filter: { status: 'active', unknownButSmall: 1 } }));
  });
});
