import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { idpUserId, reqStr, str } from '../../values/fields.ts';
import { out } from '../../values/results.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import type { ChannelDelivery, ChannelOutcome } from './notifications.table.ts';

/** Push delivery progress of a notification (null when its channels do not include `push`). */
export const DELIVERY_STATES = ['pending', 'sent', 'failed', 'partial'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Channels acted upon: `in_app` (listed: every notification is), `push`, `sms` and `email` (the outbox). Others are stored only. */
export const DEFAULT_CHANNELS = ['in_app', 'push'] as const;

export const deliveryState = () => z.enum(DELIVERY_STATES, { error: `must be one of: ${DELIVERY_STATES.join(', ')}` });
export const channelList = () => z.array(z.string().trim().min(1).max(32)).max(10);
export const dedupeKey = () => z.string().trim().min(1, 'must not be empty').max(256);

/** Where an sms or email delivery stands, as staff see it: its state and why, never the address (docs/notifications.md). */
const channelOutcome = z.object({ state: z.enum(['pending', 'sent', 'failed']), error: out.text().nullable(), at: out.ts() });
export const channelDeliverySchema = z.object({ sms: channelOutcome.optional(), email: channelOutcome.optional() });

/** The outcomes as answered: an address kept by a row written before migration 0137 is left out. */
function withoutAddresses(delivery: ChannelDelivery | null): ChannelDelivery | null {
  if (delivery === null) return null;
  const shown = (o: ChannelOutcome): ChannelOutcome => ({ state: o.state, error: o.error, at: o.at });
  return Object.fromEntries(Object.entries(delivery).map(([channel, outcome]) => [channel, shown(outcome)]));
}

/**
 * The notifications resource. Only getById is generated: create (module alias, dedupe, outbox),
 * update (module alias, read/opened rules), delete (drops the outbox job too) and the list
 * (module filter, expiry) are written by hand with this repository.
 */
export const notifications = defineResource({
  namespace: 'notifications', audience: member(),
  table: 'notifications',
  scope: 'organization',
  clientTimestamps: true,
  generate: ['getById'],
  fields: {
    recipientIdpUserId: { kind: 'string', required: true, schema: idpUserId() },
    recipientRole: { kind: 'string', required: true, schema: reqStr().max(64) },
    type: { kind: 'string', required: true, schema: reqStr().max(128) },
    title: { kind: 'string', required: true, schema: reqStr().max(500) },
    message: { kind: 'string', required: true, schema: reqStr() },
    priority: { kind: 'string', schema: str().max(32) },
    relatedEntityType: { kind: 'string', schema: str().max(128) },
    relatedEntityId: { kind: 'string', schema: str().max(256) },
    actionUrl: { kind: 'string', schema: str().max(2048) },
    navigationTarget: { kind: 'string', schema: str().max(256) },
    navigationParams: { kind: 'json' },
    channels: { kind: 'strings', schema: channelList() },
    deliveryState: { kind: 'string', schema: deliveryState() },
    pushTicketIds: { kind: 'strings' },
    deliveryError: { kind: 'string' },
    channelDelivery: { kind: 'json', schema: channelDeliverySchema, read: withoutAddresses },
    dedupeKey: { kind: 'string', schema: dedupeKey() },
    expiresAt: { kind: 'ts' },
    isRead: { kind: 'bool' },
    readAt: { kind: 'ts' },
    openedAt: { kind: 'ts' },
  },
  internal: ['recipientRule'],
});

/** A notification as the API returns it: every field present, unset ones null; deliveryState one of DELIVERY_STATES. */
export type NotificationRecord = Omit<ResourceRecord<'notifications', 'recipientRule'>, 'deliveryState'> & { deliveryState: DeliveryState | null };
