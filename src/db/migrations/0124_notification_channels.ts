import { sql, type Kysely } from 'kysely';
import { col, notNull } from './columns.ts';

/**
 * The `sms` and `email` channels of notifications (docs/notifications.md, "Channels"): each outbox
 * job is for one channel, so a notification has one job per channel (unique (notificationId,
 * channel) instead of unique notificationId; existing jobs are push). The table is rebuilt with its
 * rows, since SQLite cannot drop a column's unique constraint. A notification keeps the outcome of
 * its sms and email deliveries in `channelDelivery`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notificationDeliveries').renameTo('notificationDeliveriesOld').execute();
  await db.schema.dropIndex('notificationDeliveries_due').execute();
  await db.schema
    .createTable('notificationDeliveries')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('notificationId', col.id, notNull)
    .addColumn('organizationId', col.id, notNull)
    .addColumn('channel', col.text, notNull)
    .addColumn('state', col.text, notNull)
    .addColumn('attempts', col.int, (c) => c.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', col.ts, notNull)
    .addColumn('lockedUntil', col.ts)
    .addColumn('lastError', col.text)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .addUniqueConstraint('notificationDeliveries_channel', ['notificationId', 'channel'])
    .execute();
  await sql`insert into "notificationDeliveries" ("id", "notificationId", "organizationId", "channel", "state", "attempts", "nextAttemptAt", "lockedUntil", "lastError", "createdAt", "updatedAt")
    select "id", "notificationId", "organizationId", 'push', "state", "attempts", "nextAttemptAt", "lockedUntil", "lastError", "createdAt", "updatedAt" from "notificationDeliveriesOld"`.execute(db);
  await db.schema.dropTable('notificationDeliveriesOld').execute();
  await db.schema.createIndex('notificationDeliveries_due').on('notificationDeliveries').columns(['state', 'nextAttemptAt']).execute();
  await db.schema.alterTable('notifications').addColumn('channelDelivery', col.json).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('channelDelivery').execute();
  await sql`delete from "notificationDeliveries" where "channel" <> 'push'`.execute(db);
  await db.schema.alterTable('notificationDeliveries').dropColumn('channel').execute();
}
