import type { Selectable } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { Config } from '../../config.ts';
import type { Db, Dialect } from '../../db/database.ts';
import { retryDelayMs } from '../../background/runner.ts';
import { send } from '../../providers/outbound.ts';
import type { ResolveHost } from '../../provider-interfaces.ts';
import type { WebhookDeliveriesTable } from './webhooks.table.ts';
import { checkWebhookTarget } from './webhooks.targets.ts';

type Delivery = Selectable<WebhookDeliveriesTable>;
const BATCH = 20;
const MAX_ERROR = 500;

/**
 * Claims up to a batch of due deliveries (PostgreSQL: FOR UPDATE SKIP LOCKED, so processes take
 * disjoint ones) for a lease longer than a request may take; attempts goes up by one and fences
 * the outcome.
 */
async function claimDue(db: Db, dialect: Dialect, now: number, leaseMs: number): Promise<Delivery[]> {
  let due = db
    .selectFrom('webhookDeliveries as due')
    .select('due.id')
    .where('due.state', '=', 'pending')
    .where('due.nextAttemptAt', '<=', now)
    .where((eb) => eb.or([eb('due.lockedUntil', 'is', null), eb('due.lockedUntil', '<=', now)]))
    .orderBy('due.nextAttemptAt')
    .limit(BATCH);
  if (dialect === 'postgres') due = due.forUpdate().skipLocked();
  return db
    .updateTable('webhookDeliveries')
    .set((eb) => ({ lockedUntil: now + leaseMs, attempts: eb('attempts', '+', 1), updatedAt: now }))
    .where('id', 'in', due)
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
    .returningAll()
    .execute();
}

/**
 * Sends what is due, signed as Standard Webhooks says (`webhook-id` = the delivery's id, the same
 * on every retry; `webhook-timestamp`; `webhook-signature` = v1 HMAC-SHA256 by the `standardwebhooks`
 * library with the subscription's secret). A 2xx answer delivers; anything else (a redirect too:
 * never followed) is retried with backoff until the attempts run out (`failed`). The target is
 * checked again and the request connects to the addresses that check resolved (webhooks.targets.ts).
 * Answers how many were delivered.
 */
export async function deliverDue(db: Db, dialect: Dialect, config: Config, now: () => number, resolve?: ResolveHost): Promise<number> {
  const options = config.webhooks;
  const claimed = await claimDue(db, dialect, now(), options.timeoutMs * 2);
  const outcomes = await Promise.all(claimed.map((delivery) => deliverOne(db, config, delivery, now, resolve)));
  return outcomes.filter(Boolean).length;
}

async function deliverOne(db: Db, config: Config, delivery: Delivery, now: () => number, resolve: ResolveHost | undefined): Promise<boolean> {
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
  const last = delivery.attempts >= options.maxAttempts;
  const at = now();
  return settle(db, delivery, at, {
    state: last ? 'failed' : 'pending',
    lastStatus: status,
    lastError: (last ? `gave up after ${delivery.attempts} attempts; last: ${error}` : error)?.slice(0, MAX_ERROR) ?? null,
    ...(last ? {} : { nextAttemptAt: at + retryDelayMs(delivery.attempts, options.retryBaseMs, options.retryMaxMs) }),
  });
}

async function settle(
  db: Db,
  delivery: Delivery,
  now: number,
  outcome: { state: string; lastStatus: number | null; lastError: string | null; deliveredAt?: number; nextAttemptAt?: number },
): Promise<boolean> {
  await db
    .updateTable('webhookDeliveries')
    .set({ ...outcome, lockedUntil: null, updatedAt: now })
    .where('id', '=', delivery.id)
    .where('attempts', '=', delivery.attempts)
    .execute();
  return outcome.state === 'delivered';
}
