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
    assert.notEqual(listener.version(['t']), undefined, 'listening');
    // Without the round trip the count lags the commit now and then; 200 commits make that certain.
    for (let i = 0; i < 200; i++) {
      const before = listener.version(['t']);
      await other.query('select pg_notify($1, $2)', [channel, 'public.t']);
      await listener.barrier();
      assert.notEqual(listener.version(['t']), before, `notification ${i} was not counted when the barrier resolved`);
    }
    // Callers at once share round trips and all see the last commit.
    const before = listener.version(['t']);
    await other.query('select pg_notify($1, $2)', [channel, 'public.t']);
    await Promise.all(Array.from({ length: 20 }, () => listener.barrier()));
    assert.notEqual(listener.version(['t']), before);
    // Counted per table: a change to another one leaves this version as it was.
    const unchanged = listener.version(['t']);
    await other.query('select pg_notify($1, $2)', [channel, 'public.other']);
    await listener.barrier();
    assert.equal(listener.version(['t']), unchanged);
    assert.notEqual(listener.version(['t', 'other']), `${unchanged}.0`);
    // The same table of another schema (another deployment on the database) counts for nothing.
    await other.query('select pg_notify($1, $2)', [channel, 'elsewhere.t']);
    await listener.barrier();
    assert.equal(listener.version(['t']), unchanged);
  } finally {
    await other.end();
    await listener.close();
  }
});
