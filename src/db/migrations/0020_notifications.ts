import type { Kysely } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';

/**
 * Push devices (a person's app installs), notifications, and the push delivery outbox.
 *
 * - pushDevices has no organizationId: a device belongs to a person (idpUserId); it is in an
 *   organization when its owner has a user record there. One row per providerPushToken.
 * - notifications: (organizationId, dedupeKey) is unique; NULL keys are distinct on both
 *   databases, so notifications without a key never clash.
 * - notificationDeliveries: one outbox job per notification sent by push, written in the same
 *   transaction as the notification and claimed by the delivery worker with a lease.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pushDevices')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('idpUserId', col.text, notNull)
    .addColumn('platform', col.text, notNull)
    .addColumn('providerPushToken', col.text, notNull)
    .addColumn('deviceId', col.text)
    .addColumn('appVersion', col.text)
    .addColumn('locale', col.text)
    .addColumn('timezone', col.text)
    .addColumn('isActive', col.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('invalidReason', col.text)
    .addColumn('lastSeenAt', col.ts)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .addUniqueConstraint('pushDevices_token', ['providerPushToken'])
    .execute();
  await db.schema.createIndex('pushDevices_owner').on('pushDevices').columns(['idpUserId', 'isActive']).execute();

  await orgRecord(db.schema.createTable('notifications'))
    .addColumn('recipientIdpUserId', col.text, notNull)
    .addColumn('recipientRole', col.text, notNull)
    .addColumn('type', col.text, notNull)
    .addColumn('title', col.text, notNull)
    .addColumn('message', col.text, notNull)
    .addColumn('priority', col.text)
    .addColumn('relatedEntityType', col.text)
    .addColumn('relatedEntityId', col.text)
    .addColumn('actionUrl', col.text)
    .addColumn('navigationTarget', col.text)
    .addColumn('navigationParams', col.json)
    .addColumn('channels', col.json)
    .addColumn('deliveryState', col.text)
    .addColumn('pushTicketIds', col.json)
    .addColumn('deliveryError', col.text)
    .addColumn('dedupeKey', col.text)
    .addColumn('expiresAt', col.ts)
    .addColumn('isRead', col.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('readAt', col.ts)
    .addColumn('openedAt', col.ts)
    .addUniqueConstraint('notifications_org_dedupe', ['organizationId', 'dedupeKey'])
    .execute();
  await db.schema.createIndex('notifications_org_created').on('notifications').columns(['organizationId', 'createdAt']).execute();
  await db.schema
    .createIndex('notifications_recipient')
    .on('notifications')
    .columns(['organizationId', 'recipientIdpUserId', 'createdAt'])
    .execute();

  await db.schema
    .createTable('notificationDeliveries')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('notificationId', col.id, (c) => c.notNull().unique())
    .addColumn('organizationId', col.id, notNull)
    .addColumn('state', col.text, notNull)
    .addColumn('attempts', col.int, (c) => c.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', col.ts, notNull)
    .addColumn('lockedUntil', col.ts)
    .addColumn('lastError', col.text)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('notificationDeliveries_due').on('notificationDeliveries').columns(['state', 'nextAttemptAt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notificationDeliveries').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('pushDevices').execute();
}
