import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { formatToken } from './next.ts';

describeEachDialect('tokenCounters.next', (t) => {
  const take = (organizationId: string, date = '2026-05-01', prefix = 'OPD') =>
    t().call('tokenCounters', 'next', { organizationId, date, prefix });

  test('the first take creates the counter at 1 and returns the stored record', async () => {
    const org = orgId();
    const data = ok(await take(org));
    assert.equal(data.sequence, 1);
    assert.equal(data.token, 'OPD-0001');
    assert.equal(data.item.organizationId, org);
    assert.equal(data.item.date, '2026-05-01');
    assert.equal(data.item.prefix, 'OPD');
    assert.equal(data.item.lastSequence, 1);
    const stored = ok(await t().call('tokenCounters', 'getById', { id: data.item.id, organizationId: org })).item;
    assert.deepEqual(stored, data.item);

    const second = ok(await take(org));
    assert.equal(second.item.id, data.item.id);
    assert.equal(second.sequence, 2);
    assert.equal(second.token, 'OPD-0002');
  });

  test('an existing counter at 41 yields OPD-0042', async () => {
    const org = orgId();
    const created = ok(await t().call('tokenCounters', 'create', { organizationId: org, date: '2026-05-02', prefix: 'OPD', lastSequence: 41 }));
    const data = ok(await take(org, '2026-05-02'));
    assert.equal(data.item.id, created.item.id);
    assert.equal(data.sequence, 42);
    assert.equal(data.token, 'OPD-0042');
  });

  test('counters are separate per organization, date and prefix', async () => {
    const org = orgId();
    ok(await take(org, '2026-05-03', 'OPD'));
    ok(await take(org, '2026-05-03', 'OPD'));
    assert.equal(ok(await take(org, '2026-05-03', 'LAB')).token, 'LAB-0001');
    assert.equal(ok(await take(org, '2026-05-04', 'OPD')).token, 'OPD-0001');
    assert.equal(ok(await take(orgId(), '2026-05-03', 'OPD')).token, 'OPD-0001');
    assert.equal(ok(await take(org, '2026-05-03', 'OPD')).token, 'OPD-0003');
  });

  test('50 concurrent takers get exactly 1..50, none twice, none skipped', async () => {
    const org = orgId();
    const responses = await Promise.all(Array.from({ length: 50 }, () => take(org, '2026-05-05')));
    const sequences = responses.map((r) => ok(r).sequence as number).sort((a, b) => a - b);
    assert.deepEqual(sequences, Array.from({ length: 50 }, (_, i) => i + 1));
    const tokens = new Set(responses.map((r) => ok(r).token as string));
    assert.equal(tokens.size, 50);
    const ids = new Set(responses.map((r) => ok(r).item.id as string));
    assert.equal(ids.size, 1, 'one counter row');
    const listed = ok(await t().call('tokenCounters', 'listByOrganization', { organizationId: org }));
    assert.equal(listed.total, 1);
    assert.equal(listed.items[0].lastSequence, 50);
  });

  test('a counter at the largest number its column holds is INVALID_STATE and stays as it was', async () => {
    const org = orgId();
    const largest = 2_147_483_647;
    const created = ok(await t().call('tokenCounters', 'create', { organizationId: org, date: '2026-05-07', prefix: 'OPD', lastSequence: largest - 1 }));
    assert.equal(ok(await take(org, '2026-05-07')).sequence, largest);
    failsWith(await take(org, '2026-05-07'), 'INVALID_STATE', 409);
    const stored = ok(await t().call('tokenCounters', 'getById', { id: created.item.id, organizationId: org })).item;
    assert.equal(stored.lastSequence, largest);
  });

  test('invalid input is VALIDATION_FAILED with a path per problem', async () => {
    const error = failsWith(
      await t().call('tokenCounters', 'next', { organizationId: '', date: '2026-02-30', prefix: ' ' }),
      'VALIDATION_FAILED',
      400,
    );
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['date', 'organizationId', 'prefix']);
    failsWith(await t().call('tokenCounters', 'next', { organizationId: orgId(), date: '2026-05-01' }), 'VALIDATION_FAILED', 400);
  });

  test('a member of another organization is FORBIDDEN, a member of its own organization takes numbers', async () => {
    const org = orgId();
    const own = await signIn(t(), { organizationId: org, roles: ['receptionist'] });
    const other = await signIn(t(), { organizationId: orgId(), roles: ['receptionist'] });
    failsWith(await t().call('tokenCounters', 'next', { organizationId: org, date: '2026-05-06', prefix: 'OPD' }, { token: other.token }), 'FORBIDDEN', 403);
    assert.equal(ok(await t().call('tokenCounters', 'next', { organizationId: org, date: '2026-05-06', prefix: 'OPD' }, { token: own.token })).sequence, 1);
  });
});

test('formatToken pads to four digits and never truncates wider numbers', () => {
  assert.equal(formatToken('OPD', 7), 'OPD-0007');
  assert.equal(formatToken('OPD', 42), 'OPD-0042');
  assert.equal(formatToken('OPD', 9999), 'OPD-9999');
  assert.equal(formatToken('OPD', 12345), 'OPD-12345');
});
