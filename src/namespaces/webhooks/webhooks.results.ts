import { z } from 'zod';
import { out } from '../../values/results.ts';
import { EVENT_TYPES } from './webhooks.events.ts';

/** A subscription without its secret (webhooks.records.ts `subscriptionOf`). */
export const subscriptionResult = out
  .record({
    id: out.id(),
    organizationId: out.id(),
    url: out.text(),
    /** `*`: every event type */
    eventTypes: z.array(z.enum(['*', ...EVENT_TYPES])),
    description: out.text().nullable(),
    isActive: out.bool(),
    createdAt: out.ts(),
    updatedAt: out.ts(),
  })
  .meta({ title: 'WebhookSubscription' });

/** A delivery as its log shows it (webhooks.records.ts `deliveryOf`), with the body sent (webhooks.events.ts `emitEvent`). */
export const deliveryResult = out
  .record({
    id: out.id(),
    subscriptionId: out.id(),
    eventType: z.enum(EVENT_TYPES),
    /** null when the stored body is nested too deep to answer (src/values/record.ts fromJsonText) */
    payload: out.record({ type: z.enum(EVENT_TYPES), timestamp: out.text(), data: out.object() }).nullable(),
    state: z.enum(['pending', 'delivered', 'failed']),
    attempts: out.int(),
    /** when the next attempt is due; null unless pending */
    nextAttemptAt: out.ts().nullable(),
    /** the HTTP status of the last attempt */
    lastStatus: out.int().nullable(),
    lastError: out.text().nullable(),
    deliveredAt: out.ts().nullable(),
    createdAt: out.ts(),
  })
  .meta({ title: 'WebhookDelivery' });
