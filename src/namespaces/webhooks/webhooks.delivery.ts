import type { Selectable } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { claimDue, nextAttemptAt, stillHeld, type Leased, type LeasedQueue } from '../../background/leased-queue.ts';
import { send } from '../../providers/outbound.ts';
import type { ResolveHost } from '../../provider-interfaces.ts';
import type { WebhookDeliveriesTable } from './webhooks.table.ts';
import { checkWebhookTarget } from './webhooks.targets.ts';

type Delivery = Selectable<WebhookDeliveriesTable>;
const BATCH = 20;
const MAX_ERROR = 500;

/**
 * The outbox of webhooks, taken by the delivery job with a lease longer than a request may take
 * (src/background/leased-queue.ts): each claim adds one to the attempts.
 */
export const deliveryQueue: LeasedQueue<'webhookDeliveries', Delivery> = {
  table: 'webhookDeliveries',
  waiting: 'pending',
  due: 'nextAttemptAt',
  attempts: 'attempts',
  changedAt: 'updatedAt',
  read: (db, ids) => db.selectFrom('webhookDeliveries').selectAll().where('id', 'in', ids).orderBy('nextAttemptAt').execute(),
};

/**
 * Sends what is due, signed as Standard Webhooks says (`webhook-id` = the delivery's id, the same
 * on every retry; `webhook-timestamp`; `webhook-signature` = v1 HMAC-SHA256 by the `standardwebhooks`
 * library with the subscription's secret). A 2xx answer delivers; anything else (a redirect too:
 * never followed) is retried with backoff until the attempts run out (`failed`). The target is
 * checked again and the request connects to the addresses that check resolved (webhooks.targets.ts).
 * Answers how many were delivered.
 */
export async function deliverDue(db: Db, config: Config, now: () => number, resolve?: ResolveHost): Promise<number> {
  const claimed = await claimDue(db, deliveryQueue, { now: now(), leaseMs: config.webhooks.timeoutMs * 2, limit: BATCH });
  const outcomes = await Promise.all(claimed.map((delivery) => deliverOne(db, config, delivery, now, resolve)));
  return outcomes.filter(Boolean).length;
}

async function deliverOne(db: Db, config: Config, delivery: Leased<Delivery>, now: () => number, resolve: ResolveHost | undefined): Promise<boolean> {
  const options = config.webhooks;
  const subscription = await db.selectFrom('webhookSubscriptions').selectAll().where('id', '=', delivery.subscriptionId).executeTakeFirst();
  if (!subscription || !subscription.isActive) return settle(db, delivery, now(), { state: 'failed', lastStatus: null, lastError: 'the subscription was removed or paused' });
  let status: number | null = null;
  let error: string | null = null;
  const checked = await checkWebhookTarget(subscription.url, config, resolve);
  if (!checked.ok) error = `target refused: ${checked.reason}`;
  else {
    const sentAt = new Date(now());
    try {
      const response = await send(checked.target, {
        method: 'POST',
        timeoutMs: options.timeoutMs,
        maxBodyBytes: 0,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'healthops-webhooks/1',
          'webhook-id': delivery.id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': new Webhook(subscription.secret).sign(delivery.id, sentAt, delivery.payload),
        },
        body: delivery.payload,
      });
      status = response.status;
      if (status >= 200 && status < 300) return settle(db, delivery, now(), { state: 'delivered', lastStatus: status, lastError: null, deliveredAt: now() });
      error = `answered ${status}`;
    } catch (e) {
      error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    }
  }
  const at = now();
  const next = nextAttemptAt(delivery.attempts, options, at);
  return settle(db, delivery, at, {
    state: next === undefined ? 'failed' : 'pending',
    lastStatus: status,
    lastError: (next === undefined ? `gave up after ${delivery.attempts} attempts; last: ${error}` : error)?.slice(0, MAX_ERROR) ?? null,
    ...(next === undefined ? {} : { nextAttemptAt: next }),
  });
}

async function settle(
  db: Db,
  delivery: Leased<Delivery>,
  now: number,
  outcome: { state: 'delivered' | 'pending' | 'failed'; lastStatus: number | null; lastError: string | null; deliveredAt?: number; nextAttemptAt?: number },
): Promise<boolean> {
  await db
    .updateTable('webhookDeliveries')
    .set({ ...outcome, lockedUntil: null, updatedAt: now })
    .where(stillHeld(deliveryQueue, delivery))
    .execute();
  return outcome.state === 'delivered';
}
