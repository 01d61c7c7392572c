import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';

/** A pragma's value on a connection opened with `options`. */
const pragmaOf = async (name: 'cache_size' | 'wal_autocheckpoint', options: Parameters<typeof openDatabase>[1]) => {
  const database = openDatabase('sqlite::memory:', options);
  try {
    const { rows } = await sql<Record<string, number>>`pragma ${sql.raw(name)}`.execute(database.db);
    return rows[0]![name];
  } finally {
    await database.close();
  }
};
const cacheSize = (options: Parameters<typeof openDatabase>[1]) => pragmaOf('cache_size', options);
const checkpointPages = (options: Parameters<typeof openDatabase>[1]) => pragmaOf('wal_autocheckpoint', options);

test('the SQLite connection gets the configured page cache (negative: KiB)', async () => {
  assert.equal(loadConfig({}).sqliteCacheMiB, 16);
  assert.equal(await cacheSize({ sqliteCacheMiB: loadConfig({ SQLITE_CACHE_MIB: '48' }).sqliteCacheMiB }), -48 * 1024);
  assert.equal(await cacheSize({}), -2000, "without the option SQLite's own default");
  assert.throws(() => loadConfig({ SQLITE_CACHE_MIB: '0' }), /SQLITE_CACHE_MIB/);
});

test('the SQLite connection checkpoints the WAL after the configured number of pages', async () => {
  assert.equal(loadConfig({}).sqliteCheckpointPages, 1000);
  assert.equal(await checkpointPages({ sqliteCheckpointPages: loadConfig({ SQLITE_CHECKPOINT_PAGES: '2500' }).sqliteCheckpointPages }), 2500);
  assert.equal(await checkpointPages({}), 1000, "without the option SQLite's own default");
  assert.throws(() => loadConfig({ SQLITE_CHECKPOINT_PAGES: '10' }), /SQLITE_CHECKPOINT_PAGES/);
});
