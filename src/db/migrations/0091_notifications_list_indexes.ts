import { type Kysely } from 'kysely';

/**
 * Indexes of notifications shaped after notifications.listByOrganization (docs/notifications.md,
 * "Indexes"): its page and its `total` are read from indexes instead of the table.
 *
 * - `notifications_org_list` (organizationId, createdAt, id, expiresAt, type, relatedEntityType):
 *   the list's order with its tie-break, then every column the list filters on. A page walks it
 *   newest first without a sort and tests expiry and `module` inside the index; only the page's
 *   own rows are read from the table. It replaces `notifications_org_created` (its prefix).
 * - `notifications_org_expiry` (organizationId, expiresAt): the organization's `total` as two
 *   index-only ranges (`expiresAt IS NULL`, `expiresAt > now`).
 * - `notifications_org_type` (organizationId, type, expiresAt) and `notifications_org_related`
 *   (organizationId, relatedEntityType, type, expiresAt): the `total` with `module` as two
 *   index-only ranges (`type = m`, and `relatedEntityType = m AND type <> m`).
 * - `notifications_recipient` gains id and expiresAt (one person's inbox, same idea); it replaces
 *   the index of 0020 of the same name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_org_created').execute();
  await db.schema.dropIndex('notifications_recipient').execute();

  await db.schema
    .createIndex('notifications_org_list')
    .on('notifications')
    .columns(['organizationId', 'createdAt', 'id', 'expiresAt', 'type', 'relatedEntityType'])
    .execute();
  await db.schema.createIndex('notifications_org_expiry').on('notifications').columns(['organizationId', 'expiresAt']).execute();
  await db.schema.createIndex('notifications_org_type').on('notifications').columns(['organizationId', 'type', 'expiresAt']).execute();
  await db.schema
    .createIndex('notifications_org_related')
    .on('notifications')
    .columns(['organizationId', 'relatedEntityType', 'type', 'expiresAt'])
    .execute();
  await db.schema
    .createIndex('notifications_recipient')
    .on('notifications')
    .columns(['organizationId', 'recipientIdpUserId', 'createdAt', 'id', 'expiresAt'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_recipient').execute();
  await db.schema.dropIndex('notifications_org_related').execute();
  await db.schema.dropIndex('notifications_org_type').execute();
  await db.schema.dropIndex('notifications_org_expiry').execute();
  await db.schema.dropIndex('notifications_org_list').execute();
  await db.schema.createIndex('notifications_recipient').on('notifications').columns(['organizationId', 'recipientIdpUserId', 'createdAt']).execute();
  await db.schema.createIndex('notifications_org_created').on('notifications').columns(['organizationId', 'createdAt']).execute();
}
