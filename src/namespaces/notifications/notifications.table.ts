import type { Bool, Json } from '../../values/record.ts';

/** The outbox's channels: one job per channel a notification is sent on. */
export type DeliveryChannel = 'push' | 'sms' | 'email';

/**
 * Where a notification's sms or email delivery stands. The address it goes to is looked up at
 * each attempt and never kept here: staff read this (rows written before migration 0137 had `to`).
 */
export interface ChannelOutcome {
  state: 'pending' | 'sent' | 'failed';
  /** why it failed or is retried, without the address */
  error: string | null;
  /** unix ms of the last change */
  at: number;
}

export type ChannelDelivery = Partial<Record<'sms' | 'email', ChannelOutcome>>;

export interface NotificationsTable {
  id: string;
  organizationId: string;
  recipientIdpUserId: string;
  recipientRole: string;
  type: string;
  title: string;
  message: string;
  priority: string | null;
  relatedEntityType: string | null;
  relatedEntityId: string | null;
  actionUrl: string | null;
  navigationTarget: string | null;
  navigationParams: Json<Record<string, unknown>> | null;
  channels: Json<string[]> | null;
  deliveryState: string | null;
  pushTicketIds: Json<string[]> | null;
  deliveryError: string | null;
  /** the sms and email deliveries (push is deliveryState); null without those channels */
  channelDelivery: Json<ChannelDelivery> | null;
  dedupeKey: string | null;
  expiresAt: number | null;
  /** the recipient rule held when it was written, so delivery checks the recipient again (migration 0136) */
  recipientRule: Bool;
  isRead: Bool;
  readAt: number | null;
  openedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** The push outbox: one job per notification to deliver, claimed by the delivery worker with a lease. */
export interface NotificationDeliveriesTable {
  id: string;
  notificationId: string;
  organizationId: string;
  channel: DeliveryChannel;
  state: 'pending' | 'done' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  lockedUntil: number | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    notifications: NotificationsTable;
    notificationDeliveries: NotificationDeliveriesTable;
  }
}
