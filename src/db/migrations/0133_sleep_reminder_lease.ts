import type { Kysely } from 'kysely';
import { col } from './columns.ts';

/**
 * A sleep reminder taken for sending holds a lease (`lockedUntil`): one whose run stopped midway
 * (its process died between taking it and settling it) is taken again after the lease, within its
 * window, instead of staying `sending` for good (docs/wellness.md, "Reminders").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sleepReminders').addColumn('lockedUntil', col.ts).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sleepReminders').dropColumn('lockedUntil').execute();
}
