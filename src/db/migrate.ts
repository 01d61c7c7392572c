import { type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.ts';
import * as core from './migrations/0001_core.ts';
import * as hrmAttendanceUnique from './migrations/0011_hrm_attendance_unique.ts';
import * as auditAppendOnly from './migrations/0012_audit_append_only.ts';
import * as authCodeHash from './migrations/0013_auth_code_hash.ts';

/** Every migration, in order. One set for both databases; add new ones at the end. */
const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0011_hrm_attendance_unique': hrmAttendanceUnique,
  '0012_audit_append_only': auditAppendOnly,
  '0013_auth_code_hash': authCodeHash,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * On PostgreSQL the migration tables are looked up in the current schema explicitly: Kysely
 * otherwise finds them in ANY schema of the database, so a second schema (tests run each suite in
 * its own, in parallel) would skip creating its own and then fail on the missing lock table.
 */
async function migrationTableSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export async function migrateToLatest(db: Db): Promise<void> {
  const schema = await migrationTableSchema(db);
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String((error as Error | undefined)?.message ?? error)}`);
  }
}
