import type { Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { stillHeld, type Leased, type LeasedQueue } from '../../background/leased-queue.ts';
import type { PushDevicesTable } from '../pushDevices/pushDevices.public.ts';
import type { NotificationRecord } from './notifications.resource.ts';
import { toRecord } from './notifications.repo.ts';
import { isRecipient } from './notifications.recipients.ts';
import { lockedIfPostgres } from '../../db/locks.ts';
import { fromJsonText, toJsonText } from '../../values/record.ts';
import type { ChannelDelivery, ChannelOutcome, NotificationDeliveriesTable } from './notifications.table.ts';

export type DeliveryJob = Selectable<NotificationDeliveriesTable>;
export type DeviceRow = Selectable<PushDevicesTable>;

/** At most this many of a recipient's devices (the most recently seen) get one notification: one provider request. */
export const MAX_DEVICES_PER_NOTIFICATION = 100;

/**
 * The outbox: one job per notification and channel (push, sms, email), taken by the delivery
 * workers with a lease (src/background/leased-queue.ts). Each claim adds one to the job's attempts.
 */
export const deliveryQueue: LeasedQueue<'notificationDeliveries', DeliveryJob> = {
  table: 'notificationDeliveries',
  waiting: 'pending',
  due: 'nextAttemptAt',
  attempts: 'attempts',
  changedAt: 'updatedAt',
  read: (db, ids) => db.selectFrom('notificationDeliveries').selectAll().where('id', 'in', ids).orderBy('nextAttemptAt').orderBy('id').execute(),
};

/** The notification to deliver, and whether the recipient rule holds for it (`recipientRule`, migration 0136). */
export async function findNotification(db: Db, notificationId: string): Promise<(NotificationRecord & { recipientRule: boolean }) | undefined> {
  const row = await db.selectFrom('notifications').selectAll().where('id', '=', notificationId).executeTakeFirst();
  return row ? { ...toRecord(row), recipientRule: Boolean(row.recipientRule) } : undefined;
}

/**
 * Checked again when a notification is delivered: its recipient is still one of the
 * organization's own people (a person unlinked or removed since it was written gets nothing).
 */
export async function stillRecipient(db: Db, notification: NotificationRecord & { recipientRule: boolean }): Promise<boolean> {
  return !notification.recipientRule || isRecipient(db, notification.organizationId, notification.recipientIdpUserId);
}

/** The person's active devices, most recently seen first. */
export async function activeDevices(db: Db, idpUserId: string): Promise<DeviceRow[]> {
  return db
    .selectFrom('pushDevices')
    .selectAll()
    .where('idpUserId', '=', idpUserId)
    .where('isActive', '=', true)
    .orderBy('lastSeenAt', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_DEVICES_PER_NOTIFICATION)
    .execute();
}

/**
 * Writes a job's new state if this worker still holds it (its lease); false when the lease was
 * lost to another worker, whose outcome then counts.
 */
export async function settleJob(
  db: Db,
  job: Leased<DeliveryJob>,
  now: number,
  next: { state: DeliveryJob['state']; nextAttemptAt?: number; lastError: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('notificationDeliveries')
    .set({ state: next.state, lockedUntil: null, lastError: next.lastError, updatedAt: now, ...(next.nextAttemptAt !== undefined ? { nextAttemptAt: next.nextAttemptAt } : {}) })
    .where(stillHeld(deliveryQueue, job))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordDelivery(
  db: Db,
  notificationId: string,
  now: number,
  fields: { deliveryState?: NotificationRecord['deliveryState']; deliveryError: string | null; pushTicketIds?: string[] },
): Promise<void> {
  await db
    .updateTable('notifications')
    .set({
      ...(fields.deliveryState ? { deliveryState: fields.deliveryState } : {}),
      ...(fields.pushTicketIds ? { pushTicketIds: JSON.stringify(fields.pushTicketIds) } : {}),
      deliveryError: fields.deliveryError,
      updatedAt: now,
    })
    .where('id', '=', notificationId)
    .execute();
}

/** The provider says the token is no longer registered: the device gets no more pushes (unless it registers again). */
export async function deactivateDevices(db: Db, devices: { id: string; providerPushToken: string; reason: string }[], now: number): Promise<void> {
  for (const device of devices) {
    await db
      .updateTable('pushDevices')
      .set({ isActive: false, invalidReason: device.reason, updatedAt: now })
      .where('id', '=', device.id)
      .where('providerPushToken', '=', device.providerPushToken)
      .execute();
  }
}

/**
 * Writes the outcome of a notification's sms or email delivery into its `channelDelivery`, in the
 * caller's transaction; the row is locked first on PostgreSQL so that two channels settling at
 * once do not overwrite each other's outcome.
 */
export async function recordChannel(db: Db, dialect: Dialect, notificationId: string, channel: 'sms' | 'email', outcome: ChannelOutcome): Promise<void> {
  const row = await lockedIfPostgres(db.selectFrom('notifications').select('channelDelivery').where('id', '=', notificationId), dialect).executeTakeFirst();
  if (!row) return;
  const delivery: ChannelDelivery = { ...fromJsonText<ChannelDelivery>(row.channelDelivery), [channel]: outcome };
  await db.updateTable('notifications').set({ channelDelivery: toJsonText(delivery), updatedAt: outcome.at }).where('id', '=', notificationId).execute();
}

/** Where a message to the recipient goes: its patient or user record in the organization, else its identity. */
export async function contactOf(db: Db, notification: Pick<NotificationRecord, 'organizationId' | 'recipientIdpUserId'>, channel: 'sms' | 'email'): Promise<string | null> {
  const { organizationId, recipientIdpUserId } = notification;
  const patient = await db
    .selectFrom('patients')
    .select(['mobileNumber', 'email'])
    .where('organizationId', '=', organizationId)
    .where('idpUserId', '=', recipientIdpUserId)
    .orderBy('createdAt')
    .executeTakeFirst();
  const user = await db.selectFrom('users').select('email').where('organizationId', '=', organizationId).where('idpUserId', '=', recipientIdpUserId).executeTakeFirst();
  const identity = await db.selectFrom('identities').select(['email', 'phone']).where('id', '=', recipientIdpUserId).executeTakeFirst();
  if (channel === 'sms') return patient?.mobileNumber ?? identity?.phone ?? null;
  return patient?.email ?? user?.email ?? identity?.email ?? null;
}
