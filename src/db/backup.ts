import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

export class BackupError extends Error {}

/** The file of a `sqlite:<path>` URL; a PostgreSQL URL has none (its backups are pg_dump's: docs/deployment.md). */
export function sqliteFileOf(databaseUrl: string): string {
  if (!databaseUrl.startsWith('sqlite:')) {
    throw new BackupError('backup and restore here are for the embedded SQLite database; for PostgreSQL use pg_dump / pg_restore (docs/deployment.md, "Backups")');
  }
  const path = databaseUrl.slice('sqlite:'.length);
  if (!path || path === ':memory:') throw new BackupError('an in-memory database has no file to back up');
  return path;
}

/**
 * An online, consistent copy of the SQLite file while the service runs: `VACUUM INTO` reads one
 * snapshot (a read transaction, which in WAL mode never blocks the service's writes) and writes it
 * compacted to `target`. Every write committed before it began is in the copy.
 */
export function backupSqlite(source: string, target: string): { bytes: number; ms: number } {
  if (!existsSync(source)) throw new BackupError(`no database at ${source}`);
  if (existsSync(target)) throw new BackupError(`${target} exists already; choose a new file`);
  const started = performance.now();
  const db = new DatabaseSync(source, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
  return { bytes: statSync(target).size, ms: Math.round(performance.now() - started) };
}

/** Throws unless the file is a SQLite database that passes `PRAGMA integrity_check`. */
export function checkSqliteFile(path: string): void {
  if (!existsSync(path)) throw new BackupError(`no file at ${path}`);
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    const problems = rows.map((r) => r.integrity_check).filter((r) => r !== 'ok');
    if (problems.length > 0) throw new BackupError(`${path} fails the integrity check: ${problems.slice(0, 3).join('; ')}`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${path} is not a readable SQLite database (${(error as Error).message})`);
  } finally {
    db?.close();
  }
}

/**
 * Puts a backup in place of the database file, with the service stopped: the backup is checked
 * first, copied beside the target and renamed over it, and the old file's WAL and shared-memory
 * files are removed (they belong to the old file). A WAL file present means a service may still
 * have the database open: refused unless `force` (a service that stopped uncleanly leaves one too).
 */
export function restoreSqlite(backup: string, target: string, options: { force?: boolean } = {}): void {
  checkSqliteFile(backup);
  if (existsSync(`${target}-wal`) && !options.force) {
    throw new BackupError(`${target}-wal exists: the service may still be running; stop it first (or pass --force if it stopped uncleanly)`);
  }
  const staging = `${target}.restoring`;
  copyFileSync(backup, staging);
  for (const leftover of [`${target}-wal`, `${target}-shm`]) rmSync(leftover, { force: true });
  renameSync(staging, target);
}
