import { sql, type Kysely } from 'kysely';
import { col } from './columns.ts';

/**
 * Notifications go only to an organization's own people (docs/notifications.md, "Recipients").
 * `recipientRule`: the rule held when the notification was written, so its delivery checks the
 * recipient again (a person removed or unlinked meanwhile gets nothing). Notifications written
 * before the rule existed and still waiting to be delivered are held to it from now on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('recipientRule', col.bool, (c) => c.notNull().defaultTo(false)).execute();
  await sql`update "notifications" set "recipientRule" = true
    where "id" in (select "notificationId" from "notificationDeliveries" where "state" = 'pending')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('recipientRule').execute();
}
