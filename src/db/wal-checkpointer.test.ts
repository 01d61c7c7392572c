import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { openSqlite } from './sqlite-node.ts';
import { startWalCheckpointer } from './wal-checkpointer.ts';

describe('the WAL checkpointed by a thread of its own', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'healthops-ckpt-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Writes `rounds` transactions of about 40 KiB each, giving the event loop a turn after each. */
  async function write(db: DatabaseSync, rounds: number): Promise<void> {
    const insert = db.prepare('insert into t (body) values (?)');
    for (let i = 0; i < rounds; i++) {
      db.exec('begin');
      for (let j = 0; j < 10; j++) insert.run('x'.repeat(4000));
      db.exec('commit');
      await sleep(2);
    }
  }

  test('the WAL stays bounded without SQLite checkpointing on the writing connection', async () => {
    const path = join(dir, 'a.db');
    const db = new DatabaseSync(path);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; create table t (id integer primary key, body text)');
    const checkpointer = startWalCheckpointer(path, () => assert.fail('the thread stopped'), { thresholdBytes: 256 * 1024, everyMs: 5 });
    await write(db, 200);
    const { checkpoints, lastError } = checkpointer.stats();
    assert.equal(lastError, undefined);
    assert.ok(checkpoints > 0, 'it checkpointed');
    // 200 transactions of ~40 KiB are ~8 MiB of WAL frames: started over, the file stays near the threshold.
    assert.ok(statSync(`${path}-wal`).size < 4 * 1024 * 1024, `WAL of ${statSync(`${path}-wal`).size} bytes`);
    assert.equal((db.prepare('select count(*) as n from t').get() as { n: number }).n, 2000);
    await checkpointer.close();
    db.close();
    const reopened = new DatabaseSync(path);
    assert.equal((reopened.prepare('select count(*) as n from t').get() as { n: number }).n, 2000, 'nothing lost');
    reopened.close();
  });

  test('without it the same writes grow the WAL (what the test above would see if the thread did nothing)', async () => {
    const path = join(dir, 'b.db');
    const db = new DatabaseSync(path);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; create table t (id integer primary key, body text)');
    await write(db, 200);
    assert.ok(statSync(`${path}-wal`).size > 6 * 1024 * 1024);
    db.close();
  });

  test('the service\'s connection leaves checkpoints to the thread for files only', () => {
    const autocheckpoint = (sqlite: ReturnType<typeof openSqlite>) => (sqlite.prepare('PRAGMA wal_autocheckpoint').all([])[0] as { wal_autocheckpoint: number }).wal_autocheckpoint;
    const file = openSqlite(join(dir, 'c.db'), { synchronous: 'FULL', groupCommit: true });
    assert.equal(autocheckpoint(file), 0);
    file.close();
    const own = openSqlite(join(dir, 'd.db'), { synchronous: 'FULL', groupCommit: true, checkpointInBackground: false });
    assert.equal(autocheckpoint(own), 1000);
    own.close();
    const memory = openSqlite(':memory:', { synchronous: 'FULL', groupCommit: true });
    assert.equal(autocheckpoint(memory), 1000);
    memory.close();
  });
});
