import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';

const cacheSize = async (options: Parameters<typeof openDatabase>[1]) => {
  const database = openDatabase('sqlite::memory:', options);
  try {
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(database.db);
    return rows[0]!.cache_size;
  } finally {
    await database.close();
  }
};

test('the SQLite connection gets the configured page cache (negative: KiB)', async () => {
  assert.equal(loadConfig({}).sqliteCacheMiB, 32);
  assert.equal(await cacheSize({ sqliteCacheMiB: loadConfig({ SQLITE_CACHE_MIB: '48' }).sqliteCacheMiB }), -48 * 1024);
  assert.equal(await cacheSize({}), -2000, "without the option SQLite's own default");
  assert.throws(() => loadConfig({ SQLITE_CACHE_MIB: '0' }), /SQLITE_CACHE_MIB/);
});

test('the SQLite connection checkpoints the WAL after the configured number of pages', async () => {
  const checkpointPages = async (options: Parameters<typeof openDatabase>[1]) => {
    const database = openDatabase('sqlite::memory:', options);
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db);
      return rows[0]!.wal_autocheckpoint;
    } finally {
      await database.close();
    }
  };
  assert.equal(loadConfig({}).sqliteCheckpointPages, 1000);
  assert.equal(await checkpointPages({ sqliteCheckpointPages: loadConfig({ SQLITE_CHECKPOINT_PAGES: '2500' }).sqliteCheckpointPages }), 2500);
  assert.equal(await checkpointPages({}), 1000, "without the option SQLite's own default");
  assert.throws(() => loadConfig({ SQLITE_CHECKPOINT_PAGES: '10' }), /SQLITE_CHECKPOINT_PAGES/);
});
