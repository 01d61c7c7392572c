import type { Kysely } from 'kysely';
import { col, notNull } from './columns.ts';

/**
 * sleepLogs: a person's sleep preferences (one row per idpUserId) and one sleep log per person
 * per date; each log keeps the goal in force when it was logged, so later goal changes do not
 * rewrite past quality ratings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sleepPreferences')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('idpUserId', col.text, (c) => c.notNull().unique())
    .addColumn('sleepTime', col.text, notNull)
    .addColumn('wakeTime', col.text, notNull)
    .addColumn('sleepGoalMinutes', col.int, notNull)
    .addColumn('sleepReminderEnabled', col.bool, notNull)
    .addColumn('wakeReminderEnabled', col.bool, notNull)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();

  await db.schema
    .createTable('sleepLogs')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('idpUserId', col.text, notNull)
    .addColumn('date', col.text, notNull)
    .addColumn('hoursSlept', col.real, notNull)
    .addColumn('sleptMinutes', col.int, notNull)
    .addColumn('bedTime', col.text)
    .addColumn('wakeTime', col.text)
    .addColumn('notes', col.text)
    .addColumn('quality', col.text, notNull)
    .addColumn('goalMinutes', col.int, notNull)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .addUniqueConstraint('sleepLogs_user_date', ['idpUserId', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sleepLogs').execute();
  await db.schema.dropTable('sleepPreferences').execute();
}
