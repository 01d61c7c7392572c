import type { Db } from '../../db/database.ts';
import { cachedRead } from '../../db/table-cache.ts';
import type { Context } from '../../operations/operation.ts';
import { newId } from '../../values/ids.ts';
import { parseJsonArray } from '../../values/record.ts';

/** The events an organization can subscribe to (docs/webhooks.md says which are emitted so far). */
export const EVENT_TYPES = [
  'appointment.created',
  'appointment.rescheduled',
  'appointment.cancelled',
  'appointment.completed',
  'admission.admitted',
  'admission.discharged',
  'charge.applied',
  'charge.voided',
  'payment.recorded',
  'stock.low',
  'stock.expiring',
  'prescription.quoted',
  'prescription.accepted',
  'labResult.uploaded',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The organization's active subscriptions and the types each takes. Every event-emitting write
 * asks (bookings, charges, stock), mostly of organizations without any: remembered until the table
 * changes (src/db/table-cache.ts).
 */
function activeSubscriptions(db: Db, organizationId: string): Promise<readonly { id: string; types: readonly string[] }[]> {
  return cachedRead(db, ['webhookSubscriptions'], `webhooks:${organizationId}`, async () => {
    const rows = await db.selectFrom('webhookSubscriptions').select(['id', 'eventTypes']).where('organizationId', '=', organizationId).where('isActive', '=', true).execute();
    return Object.freeze(rows.map((row) => Object.freeze({ id: row.id, types: Object.freeze(parseJsonArray(row.eventTypes)) })));
  });
}

/**
 * Queues the event for every active subscription of the organization that takes it, in the
 * caller's transaction: the event exists exactly when the change it tells of was committed.
 */
export async function emitEvent(db: Db, ctx: Context, organizationId: string, type: EventType, data: Record<string, unknown>): Promise<number> {
  const takers = (await activeSubscriptions(db, organizationId)).filter((s) => s.types.includes('*') || s.types.includes(type));
  if (takers.length === 0) return 0;
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
  return takers.length;
}
