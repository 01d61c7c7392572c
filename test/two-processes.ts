import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Dialect } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migratedPostgresDatabase } from './pg-template.ts';

/**
 * Two connections to one database: the service's, and another process's (a second service, or
 * `npm run admin`), whose writes the service's caller cache cannot see happen.
 */
export async function twoProcesses(dialect: Dialect) {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'healthops-callers-'));
    const url = `sqlite:${join(dir, 'db.sqlite')}`;
    const service = openDatabase(url);
    await migrateToLatest(service.db);
    await service.durable();
    return {
      service,
      elsewhere: openDatabase(url),
      cleanUp: () => {
        rmSync(dir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }
  const fresh = await migratedPostgresDatabase();
  const service = openDatabase(fresh.url);
  return {
    service,
    elsewhere: openDatabase(fresh.url),
    cleanUp: fresh.drop,
  };
}
