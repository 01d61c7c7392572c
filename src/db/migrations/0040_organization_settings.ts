import type { Kysely } from 'kysely';
import { col } from './columns.ts';

/** Organization settings (JSON text; null = every default, see src/namespaces/organizations/organizations.settings.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('settings', col.json).execute();
  await db.schema.createIndex('organizations_type').on('organizations').column('type').execute();
}
