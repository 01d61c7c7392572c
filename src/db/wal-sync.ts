import { closeSync, fdatasync, fstatSync, openSync, statSync } from 'node:fs';

/**
 * Makes the group commit's commits durable off the event loop. SQLite runs with
 * `synchronous = NORMAL` (a WAL commit writes its frames but does not sync them; SQLite still syncs
 * around checkpoints and when the WAL is reused), and after each commit this syncs the WAL file with
 * fdatasync on libuv's thread pool: the same durability as `synchronous = FULL`, whose sync at
 * COMMIT held the event loop for the whole disk flush. One sync runs at a time and covers every
 * commit made before it started; an answer waits for the sync that covers its commit.
 */
export interface WalSync {
  /** A commit was made: what is written so far waits for the next sync. */
  committed(): void;
  /** Resolves once every commit made so far is on disk; rejects if that sync failed. */
  synced(): Promise<void>;
  close(): void;
}

/** With SQLite syncing at COMMIT itself (or not at all): everything committed is as durable as it will be. */
export const syncedByCommit: WalSync = {
  committed: () => undefined,
  synced: () => Promise.resolve(),
  close: () => undefined,
};

interface Waiter {
  upTo: number;
  resolve(): void;
  reject(error: unknown): void;
}

export function walFileSync(databasePath: string): WalSync {
  const walPath = `${databasePath}-wal`;
  let fd: number | undefined;
  let inode = 0;
  let commits = 0;
  let durableUpTo = 0;
  let syncing = false;
  let closing = false;
  let waiters: Waiter[] = [];

  /** The WAL file's descriptor, opened again if SQLite has replaced the file (a new inode). */
  function walFd(): number {
    const current = statSync(walPath, { throwIfNoEntry: false })?.ino;
    // Gone: the last connection closed and checkpointed it; syncing what was open is harmless.
    if (fd !== undefined && (current === inode || current === undefined)) return fd;
    if (fd !== undefined) closeSync(fd);
    fd = openSync(walPath, 'r+');
    inode = fstatSync(fd).ino;
    return fd;
  }

  function settle(upTo: number, error: unknown): void {
    const done = waiters.filter((w) => w.upTo <= upTo);
    waiters = waiters.filter((w) => w.upTo > upTo);
    for (const w of done) {
      if (error) w.reject(error);
      else w.resolve();
    }
  }

  function next(): void {
    if (syncing || waiters.length === 0) return;
    const upTo = commits;
    let target: number;
    try {
      target = walFd();
    } catch (error) {
      settle(upTo, error);
      return;
    }
    syncing = true;
    fdatasync(target, (error) => {
      syncing = false;
      if (!error) durableUpTo = upTo;
      settle(upTo, error);
      next();
      if (closing && !syncing) release();
    });
  }

  function release(): void {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  }

  return {
    committed: () => {
      commits++;
    },
    synced: () => {
      if (durableUpTo >= commits) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiters.push({ upTo: commits, resolve, reject });
        next();
      });
    },
    close: () => {
      closing = true;
      if (!syncing) release();
    },
  };
}
