import { z } from 'zod';
import { out } from '../../values/results.ts';
import { organizationRecordKey, writeTimes } from '../../values/result-fields.ts';
import { declaredEvents } from '../../events/events.ts';

/**
 * An event type: one the namespaces declare (src/events/). Read when first used, once
 * namespaces/index.ts has declared them all (this module loads before most of them).
 */
export const eventType = () => z.lazy(() => z.enum(declaredEvents()));
/** The event types a subscription takes: `*` is every type. */
export const eventTypeList = () => z.lazy(() => z.array(z.enum(['*', ...declaredEvents()])));

/** A subscription without its secret (webhooks.records.ts `subscriptionOf`). */
export const subscriptionResult = out
  .record({
    ...organizationRecordKey(),
    url: out.text(),
    /** `*`: every event type */
    eventTypes: eventTypeList(),
    description: out.text().nullable(),
    isActive: out.bool(),
    ...writeTimes(),
  })
  .meta({ title: 'WebhookSubscription' });

/** A delivery as its log shows it (webhooks.records.ts `deliveryOf`), with the body sent (webhooks.outbox.ts `queueDeliveries`). */
export const deliveryResult = out
  .record({
    id: out.id(),
    subscriptionId: out.id(),
    eventType: eventType(),
    /** null when the stored body is nested too deep to answer (src/values/record.ts fromJsonText) */
    payload: out.record({ type: eventType(), timestamp: out.text(), data: out.object() }).nullable(),
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
