import type { Db } from '../../db/database.ts';
import { newId } from '../../values/ids.ts';
import type { Context } from '../../operations/operation.ts';
import { enqueueDelivery, insertOnce } from './notifications.repo.ts';
import { DEFAULT_CHANNELS, type DeliveryState, type NotificationRecord } from './notifications.resource.ts';
import type { ChannelDelivery, ChannelOutcome, NotificationsTable } from './notifications.table.ts';
import { isRecipient, notARecipient, NOT_A_RECIPIENT, recipientRuleHolds } from './notifications.recipients.ts';

export type { NotificationRecord } from './notifications.resource.ts';

/** What a namespace gives to notify a user: who and what as stored, the rest optional. */
export interface NotifyInput extends Pick<NotificationsTable, 'organizationId' | 'recipientIdpUserId' | 'recipientRole' | 'type' | 'title' | 'message'> {
  priority?: string | null | undefined;
  relatedEntityType?: string | null | undefined;
  relatedEntityId?: string | null | undefined;
  actionUrl?: string | null | undefined;
  navigationTarget?: string | null | undefined;
  navigationParams?: Record<string, unknown> | null | undefined;
  /** Default ['in_app', 'push']. `push` sends to the recipient's active devices through the outbox. */
  channels?: string[] | null | undefined;
  /** A key already used in the organization returns that notification and sends nothing again. */
  dedupeKey?: string | null | undefined;
  /** unix ms; after it the notification is neither delivered nor listed */
  expiresAt?: number | null | undefined;
}

/** Stored fields that only notifications.create accepts (imports and back-fills). */
export interface StoredFields {
  deliveryState?: DeliveryState | null | undefined;
  pushTicketIds?: string[] | null | undefined;
  deliveryError?: string | null | undefined;
  isRead?: boolean | null | undefined;
  readAt?: number | null | undefined;
  openedAt?: number | null | undefined;
  createdAt?: number | null | undefined;
}

export const NO_PROVIDER = 'no push provider is configured (PUSH_URL); delivery stays pending';
export const EXPIRED = 'expired before delivery';

/**
 * Notifies a user: the one way any namespace writes a notification. Runs in the caller's
 * transaction (`db` is the trx): the notification and, when it is to be pushed, its outbox job
 * are written there, so both commit or neither does; the delivery worker sends it after commit.
 * With a dedupeKey already used in the organization the stored notification is returned with
 * `created: false` and nothing is queued again. A recipient who is not one of the organization's
 * own people (notifications.recipients.ts) gets nothing: the notification is kept with every
 * channel failed, so that the operation that notifies still succeeds.
 */
export async function notify(db: Db, ctx: Context, input: NotifyInput): Promise<{ item: NotificationRecord; created: boolean }> {
  return writeNotification(db, ctx, input, 'withhold');
}

/**
 * notify() plus the stored fields notifications.create may carry. `stranger` says what becomes of
 * a recipient who is not one of the organization's own people: `refuse` (VALIDATION_FAILED, the
 * same answer whether or not the identity exists) or `withhold` (kept, delivered on no channel).
 */
export async function writeNotification(
  db: Db,
  ctx: Context,
  input: NotifyInput & StoredFields,
  stranger: 'refuse' | 'withhold',
): Promise<{ item: NotificationRecord; created: boolean }> {
  const now = ctx.now();
  const recipientRule = recipientRuleHolds(ctx);
  const withheld = recipientRule && !(await isRecipient(db, input.organizationId, input.recipientIdpUserId));
  if (withheld && stranger === 'refuse') throw notARecipient();
  const channels = [...new Set(input.channels ?? DEFAULT_CHANNELS)];
  const delivery = withheld ? withheldDelivery(channels) : initialDelivery(ctx, input, channels, now);
  const isRead = input.isRead ?? false;
  const record: NotificationRecord = {
    id: newId(),
    organizationId: input.organizationId,
    recipientIdpUserId: input.recipientIdpUserId,
    recipientRole: input.recipientRole,
    type: input.type,
    title: input.title,
    message: input.message,
    priority: input.priority ?? null,
    relatedEntityType: input.relatedEntityType ?? null,
    relatedEntityId: input.relatedEntityId ?? null,
    actionUrl: input.actionUrl ?? null,
    navigationTarget: input.navigationTarget ?? null,
    navigationParams: input.navigationParams ?? null,
    channels,
    deliveryState: delivery.state,
    pushTicketIds: input.pushTicketIds ?? null,
    deliveryError: input.deliveryError !== undefined ? input.deliveryError : delivery.error,
    channelDelivery: withheld ? withheldChannels(channels, now) : initialChannels(ctx, input, channels, now),
    dedupeKey: input.dedupeKey ?? null,
    expiresAt: input.expiresAt ?? null,
    isRead,
    readAt: input.readAt ?? (isRead ? now : null),
    openedAt: input.openedAt ?? null,
    createdAt: input.createdAt ?? now,
    updatedAt: now,
  };
  const result = await insertOnce(db, record, recipientRule);
  if (result.created) {
    if (delivery.enqueue) await enqueueDelivery(db, result.item, now, 'push');
    for (const channel of OUTBOX_CHANNELS) {
      if (result.item.channelDelivery?.[channel]?.state === 'pending') await enqueueDelivery(db, result.item, now, channel);
    }
  }
  return result;
}

/** The channels besides push that the outbox delivers. */
const OUTBOX_CHANNELS = ['sms', 'email'] as const;

export const NO_SMS_PROVIDER = 'no SMS provider is configured (SMS_URL); delivery stays pending';
export const NO_MAILER = 'no mail provider is configured (SMTP_URL); delivery stays pending';

/**
 * The sms and email deliveries a new notification starts with: pending and queued for each of
 * those channels it names; an already expired notification fails them at once. Null without
 * either channel, and for an import with a deliveryState other than pending (sent elsewhere).
 */
function initialChannels(ctx: Context, input: StoredFields & NotifyInput, channels: string[], now: number): ChannelDelivery | null {
  const named = OUTBOX_CHANNELS.filter((c) => channels.includes(c));
  const imported = input.deliveryState != null && input.deliveryState !== 'pending';
  if (named.length === 0 || imported) return null;
  const expired = input.expiresAt != null && input.expiresAt <= now;
  const configured = { sms: ctx.services.sms !== undefined, email: ctx.services.mailer !== undefined };
  const missing = { sms: NO_SMS_PROVIDER, email: NO_MAILER };
  const outcome = (channel: 'sms' | 'email'): ChannelOutcome => {
    if (expired) return { state: 'failed', error: EXPIRED, at: now };
    return { state: 'pending', error: configured[channel] ? null : missing[channel], at: now };
  };
  return Object.fromEntries(named.map((channel) => [channel, outcome(channel)]));
}

/** A notification to someone who is not a recipient: every channel failed, nothing queued. */
function withheldDelivery(channels: string[]): InitialDelivery {
  return channels.includes('push') ? { state: 'failed', error: NOT_A_RECIPIENT, enqueue: false } : { state: null, error: null, enqueue: false };
}

function withheldChannels(channels: string[], now: number): ChannelDelivery | null {
  const named = OUTBOX_CHANNELS.filter((c) => channels.includes(c));
  if (named.length === 0) return null;
  return Object.fromEntries(named.map((channel) => [channel, { state: 'failed', error: NOT_A_RECIPIENT, at: now } satisfies ChannelOutcome]));
}

interface InitialDelivery {
  state: DeliveryState | null;
  error: string | null;
  enqueue: boolean;
}

/**
 * deliveryState tracks the push channel: null without it; pending and queued with it; an import
 * that gives a state other than pending keeps it and is not sent; an already expired
 * notification is failed at once.
 */
function initialDelivery(ctx: Context, input: StoredFields & NotifyInput, channels: string[], now: number): InitialDelivery {
  if (input.deliveryState != null && input.deliveryState !== 'pending') return { state: input.deliveryState, error: null, enqueue: false };
  if (!channels.includes('push')) return { state: input.deliveryState ?? null, error: null, enqueue: false };
  if (input.expiresAt != null && input.expiresAt <= now) return { state: 'failed', error: EXPIRED, enqueue: false };
  return { state: 'pending', error: ctx.services.push ? null : NO_PROVIDER, enqueue: true };
}
