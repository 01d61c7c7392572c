import type { Bool, Json } from '../../values/record.ts';

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
  dedupeKey: string | null;
  expiresAt: number | null;
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
  state: 'pending' | 'done' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  lockedUntil: number | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}
