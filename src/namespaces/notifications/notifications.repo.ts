import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import { countOf, learnPageStarts, pageStartsOf } from '../../db/list-memo.ts';
import type { Db } from '../../db/database.ts';
import { readPage } from '../../db/paged-list.ts';
import type { Database } from '../../db/schema.ts';
import { offsetOf, pageOf, type Page } from '../../values/paging.ts';
import { newId } from '../../values/ids.ts';
import { notifications, type NotificationRecord } from './notifications.resource.ts';
import type { DeliveryChannel, NotificationsTable } from './notifications.table.ts';

// deliveryState is typed here, not in the row type (db/ knows no namespace).
export const toRecord = (row: Selectable<NotificationsTable>) => notifications.repo.toRecord(row) as NotificationRecord;

/**
 * Inserts the notification unless its dedupeKey is already used in the organization; then the
 * stored one is returned with `created: false`. ON CONFLICT DO NOTHING on the unique
 * (organizationId, dedupeKey) index is correct under concurrency on both databases: on
 * PostgreSQL a second insert of the same key waits for the first transaction and then does
 * nothing, and the following SELECT (a new snapshot under READ COMMITTED) sees the committed row;
 * SQLite serialises writers. `recipientRule`: whether delivery checks the recipient again.
 */
export async function insertOnce(db: Db, record: NotificationRecord, recipientRule: boolean): Promise<{ item: NotificationRecord; created: boolean }> {
  const rows = await db
    .insertInto('notifications')
    .values({ ...notifications.repo.toInsert(record), recipientRule })
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

/** The outbox job of a notification for one channel, due at once. Written in the notification's transaction. */
export async function enqueueDelivery(db: Db, item: NotificationRecord, now: number, channel: DeliveryChannel): Promise<void> {
  await db
    .insertInto('notificationDeliveries')
    .values({
      id: newId(),
      notificationId: item.id,
      organizationId: item.organizationId,
      channel,
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

type NotificationsEb = ExpressionBuilder<Database, 'notifications'>;

/** Not expired at `now`: no expiry, or an expiry after now. */
const unexpired = (eb: NotificationsEb, now: number) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]);

/** The filter as one condition: organization, not expired, and the optional module and recipient. */
function listed(eb: NotificationsEb, filter: NotificationFilter): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [eb('organizationId', '=', filter.organizationId), unexpired(eb, filter.now)];
  const module = filter.module;
  if (module !== undefined) all.push(eb.or([eb('relatedEntityType', '=', module), eb('type', '=', module)]));
  if (filter.recipientIdpUserId !== undefined) all.push(eb('recipientIdpUserId', '=', filter.recipientIdpUserId));
  return eb.and(all);
}

/**
 * The conditions whose counts add up to the filter's total: disjoint, each one an index-only range
 * of migration 0091's indexes. The organization's unexpired notifications are those without an
 * expiry plus those expiring after now (notifications_org_expiry); with `module`, those whose
 * type is it plus those whose relatedEntityType is it and type is not (notifications_org_type,
 * notifications_org_related). A person's inbox is small: one count (notifications_recipient).
 * `timed` terms depend on the time and are counted every time.
 */
function countTerms(filter: NotificationFilter): { timed: boolean; term: (eb: NotificationsEb) => Expression<SqlBool> }[] {
  const { organizationId, module, now } = filter;
  if (filter.recipientIdpUserId !== undefined) return [{ timed: true, term: (eb) => listed(eb, filter) }];
  if (module !== undefined) {
    return [
      { timed: true, term: (eb) => eb.and([eb('organizationId', '=', organizationId), eb('type', '=', module), unexpired(eb, now)]) },
      {
        timed: true,
        term: (eb) => eb.and([eb('organizationId', '=', organizationId), eb('relatedEntityType', '=', module), eb('type', '<>', module), unexpired(eb, now)]),
      },
    ];
  }
  return [
    { timed: false, term: (eb) => eb.and([eb('organizationId', '=', organizationId), eb('expiresAt', 'is', null)]) },
    { timed: true, term: (eb) => eb.and([eb('organizationId', '=', organizationId), eb('expiresAt', '>', now)]) },
  ];
}

/**
 * How many notifications the filter lists: a count per term, summed. The terms that do not depend
 * on the time (the notifications that never expire, the bulk of them) are remembered between
 * requests (list-memo.ts); those that do are small index ranges.
 */
async function countNotifications(db: Db, filter: NotificationFilter): Promise<number> {
  const counts = await Promise.all(
    countTerms(filter).map(async ({ timed, term }) => {
      const query = db.selectFrom('notifications').select((eb) => eb.fn.countAll<number | string>().as('n')).where(term);
      return timed ? Number((await query.executeTakeFirstOrThrow()).n) : countOf(db, ['notifications'], query);
    }),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}

/**
 * A page of the organization's notifications that have not expired, newest first. The page's ids
 * are read from an index (notifications_org_list, or notifications_recipient for one inbox), the
 * OFFSET included, and only those rows from the table by primary key; the total is
 * countNotifications'. The outer query names no organization on purpose: its ids come from the
 * organization's own subquery, and an organizationId there makes SQLite walk the organization's
 * index instead of the 20 primary keys. Where the page starts is remembered (list-memo.ts): a page
 * asked again, or the page after one just served, seeks to its first (createdAt, id) in the index
 * instead of skipping rows; one more row is read to learn where the next page starts.
 */
export async function pageNotifications(db: Db, filter: NotificationFilter, pageNo: number, pageSize: number): Promise<Page<NotificationRecord>> {
  const { now: _now, ...list } = filter;
  const starts = pageStartsOf(db, ['notifications'], JSON.stringify(['notifications', list, pageSize]));
  const start = starts.startOf(pageNo) as readonly [createdAt: number, id: string] | undefined;
  const ordered = db
    .selectFrom('notifications')
    .select('id')
    .where((eb) => listed(eb, filter))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize + 1);
  const pageIds = start
    ? ordered.where((eb) => eb(eb.refTuple('createdAt', 'id'), '<=', eb.tuple(start[0], start[1])))
    : ordered.offset(offsetOf(pageNo, pageSize));
  const [rows, total] = await Promise.all([
    readPage(db, db.selectFrom('notifications').selectAll().where('id', 'in', pageIds).orderBy('createdAt', 'desc').orderBy('id', 'desc'), pageSize, notifications.repo.freeForm),
    countNotifications(db, filter),
  ]);
  const own = learnPageStarts(starts, pageNo, pageSize, rows, (row) => [row.createdAt, row.id]);
  return pageOf(own.map(toRecord), total, pageNo, pageSize);
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
