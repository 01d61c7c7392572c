import type { Kysely } from 'kysely';

/**
 * The reminders job reads the open appointments' index (appointments_open_end, by end) instead of
 * its own index over every appointment's start: one index less to keep up on every booking
 * (docs/PERFORMANCE.md, "Issue 14 against the commit before it").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('appointments_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('appointments_start').on('appointments').columns(['startMinute', 'id']).execute();
}
