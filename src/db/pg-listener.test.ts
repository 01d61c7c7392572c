import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { ChangeListener } from './pg-listener.ts';

const url = process.env.TEST_DATABASE_URL;

test('barrier(): every notification committed before the call is counted when it resolves', { skip: url ? false : 'TEST_DATABASE_URL not set' }, async () => {
  const channel = `barrier_test_${process.pid}`;
  const listener = new ChangeListener({ connectionString: url }, channel);
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  try {
    await listener.ready;
    assert.notEqual(listener.version(), undefined, 'listening');
    // Without the round trip the count lags the commit now and then; 200 commits make that certain.
    for (let i = 0; i < 200; i++) {
      const before = listener.version();
      await other.query('select pg_notify($1, $2)', [channel, String(i)]);
      await listener.barrier();
      assert.notEqual(listener.version(), before, `notification ${i} was not counted when the barrier resolved`);
    }
    // Callers at once share round trips and all see the last commit.
    const before = listener.version();
    await other.query('select pg_notify($1, $2)', [channel, 'last']);
    await Promise.all(Array.from({ length: 20 }, () => listener.barrier()));
    assert.notEqual(listener.version(), before);
  } finally {
    await other.end();
    await listener.close();
  }
});
