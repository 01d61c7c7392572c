import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AppError } from '../../values/errors.ts';
import { TEST_STATUSES, type TestStatus } from './labOrders.fields.ts';
import { derivedStatus, nextOrderStatus, nextTest } from './labOrders.rules.ts';

const actor = { now: 1_000, by: 'idp-tech' };
const at = (status: TestStatus) => nextTest(undefined, { status }, actor, 'tests.0');

test('every forward move (and staying) is allowed, every backward move is INVALID_STATE', () => {
  for (const [i, from] of TEST_STATUSES.entries()) {
    for (const [j, to] of TEST_STATUSES.entries()) {
      const move = () => nextTest(at(from), { status: to }, { now: 2_000, by: 'idp-other' }, 'tests.0');
      if (j >= i) assert.equal(move().status, to, `${from} -> ${to}`);
      else assert.throws(move, (e: AppError) => e.code === 'INVALID_STATE', `${from} -> ${to}`);
    }
  }
});

test('the stamps of a test are exactly those of the steps reached', () => {
  const expected: Record<TestStatus, [number | null, number | null, number | null]> = {
    ordered: [null, null, null],
    sample_collected: [1_000, null, null],
    processing: [1_000, 1_000, null],
    completed: [1_000, 1_000, 1_000],
  };
  for (const status of TEST_STATUSES) {
    const t = at(status);
    assert.deepEqual([t.sampleCollectedAt, t.processingStartedAt, t.completedAt], expected[status], status);
    assert.deepEqual([t.sampleCollectedBy, t.processingStartedBy, t.completedBy], expected[status].map((v) => (v === null ? null : 'idp-tech')), status);
  }
});

test('the order status follows its tests; only cancelled is set by hand', () => {
  assert.equal(derivedStatus([at('ordered'), at('ordered')]), 'ordered');
  assert.equal(derivedStatus([at('ordered'), at('sample_collected')]), 'in_progress');
  assert.equal(derivedStatus([at('completed'), at('processing')]), 'in_progress');
  assert.equal(derivedStatus([at('completed'), at('completed')]), 'completed');
  assert.equal(nextOrderStatus(undefined, 'in_progress', 'ordered'), 'in_progress');
  assert.equal(nextOrderStatus('cancelled', 'in_progress', 'in_progress'), 'cancelled');
  assert.equal(nextOrderStatus(undefined, 'completed', 'cancelled'), 'cancelled');
  assert.throws(() => nextOrderStatus('cancelled', 'completed', 'completed'), (e: AppError) => e.code === 'INVALID_STATE');
  assert.throws(() => nextOrderStatus('ordered', 'in_progress', 'cancelled'), (e: AppError) => e.code === 'INVALID_STATE');
  assert.throws(() => nextOrderStatus('completed', 'ordered', undefined), (e: AppError) => e.code === 'VALIDATION_FAILED');
});
