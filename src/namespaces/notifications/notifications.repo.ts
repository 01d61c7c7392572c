import type { Db } from '../../db/database.ts';
import { offsetOf, pageOf, type Page } from '../../rpc/paging.ts';
import type { ApiRecord } from '../../rpc/resource.ts';
import { newId } from '../../rpc/ids.ts';
import { notifications, type NotificationRecord } from './notifications.resource.ts';

const toRecord = (row: unknown) => notifications.repo.toRecord(row as ApiRecord) as unknown as NotificationRecord;

/**
 * Inserts the notification unless its dedupeKey is already used in the organization; then the
 * stored one is returned with `created: false`. ON CONFLICT DO NOTHING on the unique
 * (organizationId, dedupeKey) index is correct under concurrency on both databases: on
 * PostgreSQL a second insert of the same key waits for the first transaction and then does
 * nothing, and the following SELECT (a new snapshot under READ COMMITTED) sees the committed row;
 * SQLite serialises writers.
 */
export async function insertOnce(db: Db, record: NotificationRecord): Promise<{ item: NotificationRecord; created: boolean }> {
  const rows = await db
    .insertInto('notifications')
    .values(notifications.repo.toRow(record as unknown as ApiRecord) as never)
    .onConflict((oc) => oc.columns(['organizationId', 'dedupeKey']).doNothing())
    .returningAll()
    .execute();
  if (rows[0]) return { item: toRecord(rows[0]), created: true };
  const existing = await db
    .selectFrom('notifications')
    .selectAll()
    .where('organizationId', '=', record.organizationId)
    .where('dedupeKey', '=', record.dedupeKey!)
    .executeTakeFirstOrThrow();
  return { item: toRecord(existing), created: false };
}

/** The outbox job of a notification to push, due at once. Written in the notification's transaction. */
export async function enqueueDelivery(db: Db, item: NotificationRecord, now: number): Promise<void> {
  await db
    .insertInto('notificationDeliveries')
    .values({
      id: newId(),
      notificationId: item.id,
      organizationId: item.organizationId,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      lockedUntil: null,
      lastError: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

export interface NotificationFilter {
  organizationId: string;
  /** matches relatedEntityType or type */
  module?: string | undefined;
  recipientIdpUserId?: string | undefined;
  /** notifications with expiresAt at or before this are left out */
  now: number;
}

/** A page of the organization's notifications that have not expired, newest first. */
export async function pageNotifications(db: Db, filter: NotificationFilter, pageNo: number, pageSize: number): Promise<Page<NotificationRecord>> {
  let query = db
    .selectFrom('notifications')
    .where('organizationId', '=', filter.organizationId)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', filter.now)]));
  const module = filter.module;
  if (module !== undefined) query = query.where((eb) => eb.or([eb('relatedEntityType', '=', module), eb('type', '=', module)]));
  if (filter.recipientIdpUserId !== undefined) query = query.where('recipientIdpUserId', '=', filter.recipientIdpUserId);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset(offsetOf(pageNo, pageSize))
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(toRecord), Number(count.n), pageNo, pageSize);
}

/** Deletes the notification and its outbox job; false when the organization has no such notification. */
export async function removeNotification(db: Db, organizationId: string, notificationId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('notifications')
    .where('organizationId', '=', organizationId)
    .where('id', '=', notificationId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await db.deleteFrom('notificationDeliveries').where('notificationId', '=', notificationId).execute();
  return true;
}
