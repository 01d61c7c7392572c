import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StatementCache } from './statement-cache.ts';

const counting = () => {
  const prepared: string[] = [];
  return { prepared, prepare: (sql: string) => (prepared.push(sql), { sql }) };
};

test('a statement is prepared once while it is cached, and the least recently used goes first', () => {
  const cache = new StatementCache<{ sql: string }>(2, 1_000);
  const { prepared, prepare } = counting();
  const a = cache.get('select 1', prepare);
  assert.equal(cache.get('select 1', prepare), a);
  cache.get('select 2', prepare);
  cache.get('select 1', prepare); // 1 is now the most recent
  cache.get('select 3', prepare); // evicts 2
  cache.get('select 1', prepare);
  cache.get('select 2', prepare);
  assert.deepEqual(prepared, ['select 1', 'select 2', 'select 3', 'select 2']);
});

test('long statements are evicted by the length of their SQL, not only by count', () => {
  const cache = new StatementCache<{ sql: string }>(500, 10_000);
  const { prepare } = counting();
  // an INSERT of every row count from 1 to 300, as a batch writer without fixed sizes would make
  for (let rows = 1; rows <= 300; rows++) cache.get(`insert into t values ${Array(rows).fill('(?, ?)').join(', ')}`, prepare);
  assert.ok(cache.size.sqlLength <= 10_000, `kept ${cache.size.sqlLength} characters of SQL`);
  assert.ok(cache.size.count < 20);
});

test('a statement longer than the whole budget runs without being kept', () => {
  const cache = new StatementCache<{ sql: string }>(500, 100);
  const { prepared, prepare } = counting();
  cache.get('select 1', prepare);
  const long = `select ${'1, '.repeat(100)}1`;
  cache.get(long, prepare);
  cache.get(long, prepare);
  cache.get('select 1', prepare);
  assert.deepEqual(prepared, ['select 1', long, long]);
  assert.deepEqual(cache.size, { count: 1, sqlLength: 'select 1'.length });
});
