import type { Bool } from '../../values/record.ts';

export interface WebhookSubscriptionsTable {
  id: string;
  organizationId: string;
  url: string;
  /** JSON array of event types; `*` is every type */
  eventTypes: string;
  /** the Standard Webhooks signing secret, `whsec_<base64>` */
  secret: string;
  description: string | null;
  isActive: Bool;
  createdAt: number;
  updatedAt: number;
}

/** One event for one subscription: the outbox row, then its delivery log. */
export interface WebhookDeliveriesTable {
  id: string;
  organizationId: string;
  subscriptionId: string;
  eventType: string;
  /** the body as it is sent: `{ type, timestamp, data }` */
  payload: string;
  /** pending, delivered, failed */
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  lockedUntil: number | null;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: number | null;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    webhookDeliveries: WebhookDeliveriesTable;
    webhookSubscriptions: WebhookSubscriptionsTable;
  }
}
