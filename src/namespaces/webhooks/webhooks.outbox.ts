import type { Db } from '../../db/database.ts';
import { cachedRead } from '../../db/table-cache.ts';
import type { EventConsumer } from '../../events/events.ts';
import { newId } from '../../values/ids.ts';
import { parseJsonArray } from '../../values/record.ts';

/**
 * The organization's active subscriptions and the types each takes. Every event asks (bookings,
 * charges, stock), mostly of organizations without any: remembered until the table changes
 * (src/db/table-cache.ts).
 */
function activeSubscriptions(db: Db, organizationId: string): Promise<readonly { id: string; types: readonly string[] }[]> {
  return cachedRead(db, ['webhookSubscriptions'], `webhooks:${organizationId}`, async () => {
    const rows = await db.selectFrom('webhookSubscriptions').select(['id', 'eventTypes']).where('organizationId', '=', organizationId).where('isActive', '=', true).execute();
    return Object.freeze(rows.map((row) => Object.freeze({ id: row.id, types: Object.freeze(parseJsonArray(row.eventTypes)) })));
  });
}

/**
 * The webhooks' consumer of events (src/events/): queues the event for every active subscription
 * of the organization that takes it, in the emitting transaction, so a delivery exists exactly
 * when the change it tells of was committed. The delivery job sends it (webhooks.delivery.ts).
 */
export const queueDeliveries: EventConsumer = async (db, ctx, organizationId, { type, data }) => {
  const takers = (await activeSubscriptions(db, organizationId)).filter((s) => s.types.includes('*') || s.types.includes(type));
  if (takers.length === 0) return;
  const now = ctx.now();
  const payload = JSON.stringify({ type, timestamp: new Date(now).toISOString(), data });
  await db
    .insertInto('webhookDeliveries')
    .values(
      takers.map((s) => ({
        id: newId(), organizationId, subscriptionId: s.id, eventType: type, payload, state: 'pending', attempts: 0, nextAttemptAt: now,
        lockedUntil: null, lastStatus: null, lastError: null, deliveredAt: null, createdAt: now, updatedAt: now,
      })),
    )
    .execute();
};
