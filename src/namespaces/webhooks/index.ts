import { depthOf, type QueueDepth } from '../../background/leased-queue.ts';
import type { JobDefinition } from '../../background/runner.ts';
import type { Operation } from '../../operations/operation.ts';
import { listDeliveries } from './listDeliveries.ts';
import { listSubscriptions } from './listSubscriptions.ts';
import { redeliver } from './redeliver.ts';
import { subscribe } from './subscribe.ts';
import { unsubscribe } from './unsubscribe.ts';
import { updateSubscription } from './updateSubscription.ts';
import { deliveryQueue } from './webhooks.delivery.ts';
import { webhookJobs } from './webhooks.jobs.ts';

export const operations: Operation[] = [subscribe, listSubscriptions, updateSubscription, unsubscribe, listDeliveries, redeliver];
export const jobs: readonly JobDefinition[] = webhookJobs;
/** The outbox of deliveries, for the metrics. */
export const outboxes: readonly QueueDepth[] = [depthOf(deliveryQueue)];
/** What webhooks do with the events of src/events/: queue them for the subscriptions that take them. */
export { queueDeliveries as eventConsumer } from './webhooks.outbox.ts';
