import { depthOf, type QueueDepth } from '../../background/leased-queue.ts';
import type { Operation } from '../../operations/operation.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { listByOrganization } from './listByOrganization.ts';
import { deliveryQueue } from './notifications.deliveries.ts';
import { notifications } from './notifications.resource.ts';
import { update } from './update.ts';

export { notify } from './notifications.notify.ts';
export const operations: Operation[] = [...notifications.operations, create, update, remove, listByOrganization];
/** The outbox of deliveries, for the metrics. */
export const outboxes: readonly QueueDepth[] = [depthOf(deliveryQueue)];
