import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database.ts';
import * as core from './migrations/0001_core.ts';

/** Every migration, in order. One set for both databases; add new ones at the end. */
const migrations: Record<string, Migration> = {
  '0001_core': core,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String((error as Error | undefined)?.message ?? error)}`);
  }
}
