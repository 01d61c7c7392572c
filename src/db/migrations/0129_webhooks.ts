import type { Kysely } from 'kysely';
import { col, notNull } from './columns.ts';

/**
 * Outbound webhooks (docs/webhooks.md): an organization's subscriptions, and one delivery row per
 * event and subscription, written in the transaction of the change (the outbox), sent by a job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhookSubscriptions')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('organizationId', col.id, notNull)
    .addColumn('url', col.text, notNull)
    .addColumn('eventTypes', col.json, notNull)
    .addColumn('secret', col.text, notNull)
    .addColumn('description', col.text)
    .addColumn('isActive', col.bool, notNull)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('webhookSubscriptions_organization').on('webhookSubscriptions').columns(['organizationId', 'createdAt']).execute();
  await db.schema
    .createTable('webhookDeliveries')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('organizationId', col.id, notNull)
    .addColumn('subscriptionId', col.id, notNull)
    .addColumn('eventType', col.text, notNull)
    .addColumn('payload', col.text, notNull)
    .addColumn('state', col.text, notNull)
    .addColumn('attempts', col.int, notNull)
    .addColumn('nextAttemptAt', col.ts, notNull)
    .addColumn('lockedUntil', col.ts)
    .addColumn('lastStatus', col.int)
    .addColumn('lastError', col.text)
    .addColumn('deliveredAt', col.ts)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('webhookDeliveries_due').on('webhookDeliveries').columns(['state', 'nextAttemptAt']).execute();
  await db.schema.createIndex('webhookDeliveries_subscription').on('webhookDeliveries').columns(['subscriptionId', 'createdAt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhookDeliveries').execute();
  await db.schema.dropTable('webhookSubscriptions').execute();
}
