import type { Kysely } from 'kysely';
import { col, notNull } from './columns.ts';

/**
 * Sleep and wake reminders (docs/wellness.md, "Reminders"): one row per person, kind and local
 * date, so each reminder is queued once; its state tells whether it went out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sleepReminders')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('idpUserId', col.id, notNull)
    .addColumn('kind', col.text, notNull)
    .addColumn('localDate', col.text, notNull)
    .addColumn('dueAt', col.ts, notNull)
    .addColumn('state', col.text, notNull)
    .addColumn('error', col.text)
    .addColumn('sentAt', col.ts)
    .addColumn('createdAt', col.ts, notNull)
    .addUniqueConstraint('sleepReminders_once', ['idpUserId', 'kind', 'localDate'])
    .execute();
  await db.schema.createIndex('sleepReminders_queued').on('sleepReminders').columns(['state', 'dueAt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sleepReminders').execute();
}
