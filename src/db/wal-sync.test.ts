import assert from 'node:assert/strict';
import fs, { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { openSqlite } from './sqlite-node.ts';
import { walFileSync } from './wal-sync.ts';

type Done = (error: NodeJS.ErrnoException | null) => void;

/** fdatasync held until the test lets it finish, so that what waits for it can be seen. */
function heldSyncs() {
  const pending: Done[] = [];
  mock.method(fs, 'fdatasync', (_fd: number, done: Done) => pending.push(done));
  syncBuiltinESMExports();
  return pending;
}

const synchronous = (sqlite: ReturnType<typeof openSqlite>) => (sqlite.prepare('PRAGMA synchronous').all([])[0] as { synchronous: number }).synchronous;

const settled = async (promise: Promise<void>): Promise<string> => {
  const state = await Promise.race([promise.then(() => 'resolved', (err: Error) => `rejected: ${err.message}`), new Promise<string>((resolve) => setImmediate(() => resolve('pending')))]);
  return state;
};

describe('the WAL synced off the event loop (group commit with synchronous FULL)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'healthops-walsync-'));
  });
  afterEach(() => {
    mock.restoreAll();
    syncBuiltinESMExports();
    rmSync(dir, { recursive: true, force: true });
  });

  test('an answer waits for a sync that started after its commit; one sync covers every commit before it', async () => {
    const path = join(dir, 'a.db');
    writeFileSync(`${path}-wal`, '');
    const syncs = heldSyncs();
    const wal = walFileSync(path);
    assert.equal(await settled(wal.synced()), 'resolved', 'nothing committed: nothing to wait for');
    assert.equal(syncs.length, 0);

    wal.committed();
    wal.committed();
    const first = wal.synced();
    assert.equal(syncs.length, 1, 'one sync for both commits');
    wal.committed();
    const second = wal.synced();
    assert.equal(syncs.length, 1, 'a commit made while a sync runs waits for the next one');
    assert.equal(await settled(first), 'pending', 'not answered before its sync ends');

    syncs[0]!(null);
    assert.equal(await settled(first), 'resolved');
    assert.equal(await settled(second), 'pending', 'the first sync started before this commit');
    assert.equal(syncs.length, 2, 'the next sync starts as soon as the first ends');
    syncs[1]!(null);
    assert.equal(await settled(second), 'resolved');
    assert.equal(await settled(wal.synced()), 'resolved');
    wal.close();
  });

  test('a failed sync fails the answers that waited for it; the next commit is synced again', async () => {
    const path = join(dir, 'b.db');
    writeFileSync(`${path}-wal`, '');
    const syncs = heldSyncs();
    const wal = walFileSync(path);
    wal.committed();
    const waiting = wal.synced();
    syncs[0]!(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    assert.equal(await settled(waiting), 'rejected: EIO: i/o error, fdatasync');
    wal.committed();
    const again = wal.synced();
    assert.equal(syncs.length, 2);
    syncs[1]!(null);
    assert.equal(await settled(again), 'resolved');
    wal.close();
  });

  test('a transaction of the group commit is acknowledged only after the WAL was synced, and SQLite does not sync at COMMIT', async () => {
    const path = join(dir, 'c.db');
    const syncs = heldSyncs();
    const sqlite = openSqlite(path, { synchronous: 'FULL', groupCommit: true });
    assert.equal(synchronous(sqlite), 1, 'NORMAL: the sync is ours');
    for (const sql of ['create table t (x integer)', 'begin', 'insert into t values (1)', 'commit']) sqlite.prepare(sql).run([]);
    const durable = sqlite.durable();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(syncs.length, 1, 'the commit asked for a sync');
    assert.equal(await settled(durable), 'pending');
    syncs[0]!(null);
    assert.equal(await settled(durable), 'resolved');
    sqlite.close();
  });

  test('without group commit, or with synchronous NORMAL, SQLite keeps its own setting and nothing else syncs', () => {
    const syncs = heldSyncs();
    const plain = openSqlite(join(dir, 'd.db'), { synchronous: 'FULL', groupCommit: false });
    assert.equal(synchronous(plain), 2, 'FULL');
    plain.close();
    const normal = openSqlite(join(dir, 'e.db'), { synchronous: 'NORMAL', groupCommit: true });
    assert.equal(synchronous(normal), 1, 'NORMAL');
    normal.close();
    assert.equal(syncs.length, 0);
  });
});
