import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

describeEachDialect('tokenCounters CRUD', (t) => {
  const org = orgId();
  const create = (data: Record<string, unknown> = {}) =>
    t().call('tokenCounters', 'create', { organizationId: org, date: '2026-11-21', prefix: 'OPD', lastSequence: 0, ...data });

  test('create returns the whole stored record with server id and timestamps', async () => {
    const { item } = ok(await create({ id: 'client-chosen', unknownField: 1 }));
    assert.notEqual(item.id, 'client-chosen');
    assert.equal(item.organizationId, org);
    assert.equal(item.date, '2026-11-21');
    assert.equal(item.prefix, 'OPD');
    assert.equal(item.lastSequence, 0);
    assert.equal(typeof item.createdAt, 'number');
    assert.equal(typeof item.updatedAt, 'number');
    assert.equal('unknownField' in item, false);
  });

  test('create validates every field with a path per problem', async () => {
    const error = failsWith(
      await t().call('tokenCounters', 'create', { organizationId: org, date: '2026-02-30', prefix: '', lastSequence: 1.5 }),
      'VALIDATION_FAILED',
      400,
    );
    const paths = error.details!.map((d) => d.path).sort();
    assert.deepEqual(paths, ['date', 'lastSequence', 'prefix']);
  });

  test('the same organization, date and prefix twice is CONFLICT', async () => {
    ok(await create({ date: '2026-11-22' }));
    failsWith(await create({ date: '2026-11-22' }), 'CONFLICT', 409);
  });

  test('getById, update and delete; another organization gets NOT_FOUND', async () => {
    const { item } = ok(await create({ date: '2026-11-23' }));
    assert.deepEqual(ok(await t().call('tokenCounters', 'getById', { id: item.id, organizationId: org })).item, item);
    failsWith(await t().call('tokenCounters', 'getById', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
    failsWith(await t().call('tokenCounters', 'update', { id: item.id, organizationId: orgId(), lastSequence: 9 }), 'NOT_FOUND', 404);
    failsWith(await t().call('tokenCounters', 'delete', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);

    const updated = ok(await t().call('tokenCounters', 'update', { id: item.id, organizationId: org, lastSequence: 7 })).item;
    assert.equal(updated.lastSequence, 7);
    assert.equal(updated.prefix, 'OPD');
    failsWith(await t().call('tokenCounters', 'update', { id: item.id, organizationId: org, prefix: null }), 'VALIDATION_FAILED', 400);

    assert.deepEqual(ok(await t().call('tokenCounters', 'delete', { id: item.id, organizationId: org })), { id: item.id, deleted: true });
    failsWith(await t().call('tokenCounters', 'getById', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
    failsWith(await t().call('tokenCounters', 'delete', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
  });

  test('update: createdAt null leaves it as stored (never cleared), a given createdAt and updatedAt are kept', async () => {
    const { item } = ok(await create({ date: '2026-11-24' }));
    const same = ok(await t().call('tokenCounters', 'update', { id: item.id, organizationId: org, createdAt: null, updatedAt: null, lastSequence: 3 })).item;
    assert.equal(same.createdAt, item.createdAt);
    assert.equal(same.lastSequence, 3);
    const moved = ok(await t().call('tokenCounters', 'update', { id: item.id, organizationId: org, createdAt: 1_700_000_000_000, updatedAt: 1_700_000_000_001 })).item;
    assert.equal(moved.createdAt, 1_700_000_000_000);
    assert.equal(moved.updatedAt, 1_700_000_000_001);
    assert.deepEqual(ok(await t().call('tokenCounters', 'getById', { id: item.id, organizationId: org })).item, moved);
  });

  test('lastSequence beyond what the integer column holds is VALIDATION_FAILED on create and update', async () => {
    const largest = 2_147_483_647;
    const { item } = ok(await create({ date: '2026-11-25', lastSequence: largest }));
    assert.equal(item.lastSequence, largest);
    const error = failsWith(await create({ date: '2026-11-26', lastSequence: largest + 1 }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path), ['lastSequence']);
    failsWith(await t().call('tokenCounters', 'update', { id: item.id, organizationId: org, lastSequence: largest + 1 }), 'VALIDATION_FAILED', 400);
  });

  test('getById, update and delete need id and organizationId', async () => {
    for (const op of ['getById', 'update', 'delete']) {
      const error = failsWith(await t().call('tokenCounters', op, {}), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['id', 'organizationId'], op);
    }
    failsWith(await t().call('tokenCounters', 'listByOrganization', {}), 'VALIDATION_FAILED', 400);
  });

  test('an organizationId longer than an identifier column holds, or holding a NUL character, is never a 5xx', async () => {
    const long = failsWith(await create({ organizationId: 'o'.repeat(65) }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(long.details!.map((d) => d.path), ['organizationId']);
    // PostgreSQL text cannot hold NUL: VALIDATION_FAILED there; SQLite stores it.
    const nul = await create({ organizationId: 'org\u0000x', date: '2026-11-27' });
    assert.ok(nul.statusCode < 500, JSON.stringify(nul.body));
    if (t().dialect === 'postgres') failsWith(nul, 'VALIDATION_FAILED', 400);
  });

  test('listByOrganization pages only the organization\'s records', async () => {
    const own = orgId();
    for (const date of ['2026-01-01', '2026-01-02', '2026-01-03']) {
      ok(await t().call('tokenCounters', 'create', { organizationId: own, date, prefix: 'A', lastSequence: 0 }));
    }
    ok(await t().call('tokenCounters', 'create', { organizationId: orgId(), date: '2026-01-01', prefix: 'A', lastSequence: 0 }));
    const page1 = ok(await t().call('tokenCounters', 'listByOrganization', { organizationId: own, pageSize: 2 }));
    assert.equal(page1.total, 3);
    assert.equal(page1.totalPages, 2);
    assert.equal(page1.items.length, 2);
    assert.equal(page1.items[0].date, '2026-01-03');
    const page2 = ok(await t().call('tokenCounters', 'listByOrganization', { organizationId: own, pageSize: 2, page: 2 }));
    assert.equal(page2.items.length, 1);
    failsWith(await t().call('tokenCounters', 'listByOrganization', { organizationId: own, pageSize: 101 }), 'VALIDATION_FAILED', 400);
    failsWith(await t().call('tokenCounters', 'listByOrganization', { organizationId: own, page: 0 }), 'VALIDATION_FAILED', 400);
  });
});
