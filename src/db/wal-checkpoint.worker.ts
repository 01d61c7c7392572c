import { statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * The checkpointer's thread (src/db/wal-checkpointer.ts): its own connection to the database file,
 * copying the WAL back into it (PASSIVE: never waiting for, nor holding up, the service's
 * connection) whenever the WAL has grown past the threshold.
 */
const { path, thresholdBytes, everyMs } = workerData as { path: string; thresholdBytes: number; everyMs: number };
const db = new DatabaseSync(path);
db.exec('PRAGMA busy_timeout = 0');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');

function walBytes(): number {
  return statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0;
}

const timer = setInterval(() => {
  try {
    if (walBytes() >= thresholdBytes) {
      const [result] = checkpoint.all() as { busy: number; log: number; checkpointed: number }[];
      parentPort?.postMessage({ checkpointed: result?.checkpointed ?? 0 });
    }
  } catch (error) {
    parentPort?.postMessage({ error: (error as Error).message });
  }
}, everyMs);

parentPort?.on('message', (message: string) => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
