import { Worker } from 'node:worker_threads';

/**
 * SQLite's automatic checkpoint runs in the COMMIT that crosses its threshold, on the connection's
 * thread, with two syncs (the WAL, then the database file): on the service's event loop. Instead,
 * the service's connection has `wal_autocheckpoint = 0` and a worker thread with a connection of
 * its own checkpoints (PASSIVE) when the WAL has grown past `thresholdBytes`; the service's
 * connection starts the WAL over at its next write once everything in it has been copied back.
 */
export interface WalCheckpointer {
  /** Checkpoints made, and the last error the thread met (tests, metrics). */
  stats(): { checkpoints: number; lastError: string | undefined };
  close(): Promise<void>;
}

/** About SQLite's default threshold (1,000 pages of 4 KiB). */
const THRESHOLD_BYTES = 4 * 1024 * 1024;
const EVERY_MS = 100;
const CLOSE_WAIT_MS = 2000;

/** `onFailure`: the thread has stopped (an error): the connection checkpoints by itself again. */
export function startWalCheckpointer(path: string, onFailure: () => void, options: { thresholdBytes?: number; everyMs?: number } = {}): WalCheckpointer {
  const worker = new Worker(new URL('./wal-checkpoint.worker.ts', import.meta.url), {
    workerData: { path, thresholdBytes: options.thresholdBytes ?? THRESHOLD_BYTES, everyMs: options.everyMs ?? EVERY_MS },
  });
  // It must not keep a process alive that is otherwise done.
  worker.unref();
  let checkpoints = 0;
  let lastError: string | undefined;
  worker.on('message', (message: { checkpointed?: number; error?: string }) => {
    if (message.error !== undefined) lastError = message.error;
    else checkpoints++;
  });
  let closing = false;
  worker.on('error', (error) => {
    lastError = error.message;
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      if (!closing) onFailure();
      resolve();
    }),
  );
  return {
    stats: () => ({ checkpoints, lastError }),
    close: async () => {
      closing = true;
      worker.postMessage('close');
      // A checkpoint cut short is safe (SQLite finishes it at the next one): a thread that does not stop is stopped.
      const late = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
      await exited;
      clearTimeout(late);
    },
  };
}
