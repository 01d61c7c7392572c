import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Dialect } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

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
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const service = openDatabase(url, { pgSchema: schema });
  await migrateToLatest(service.db);
  return {
    service,
    elsewhere: openDatabase(url, { pgSchema: schema }),
    cleanUp: async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}
