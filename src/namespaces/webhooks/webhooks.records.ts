import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isEventType, storedEventType, type EventType } from '../../events/events.ts';
import { AppError } from '../../values/errors.ts';
import { fromJsonText, parseJsonArray, toBool } from '../../values/record.ts';
import type { WebhookDeliveriesTable, WebhookSubscriptionsTable } from './webhooks.table.ts';

/** A subscription as the operations answer it: everything but the secret (shown once, at subscribe). */
export function subscriptionOf(row: Selectable<WebhookSubscriptionsTable>) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    url: row.url,
    // A type retired since the subscription was made is not answered (nor delivered: nothing emits it).
    eventTypes: parseJsonArray(row.eventTypes).filter((name) => name === '*' || isEventType(name)),
    description: row.description,
    isActive: toBool(row.isActive) ?? false,
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

/** The body of a delivery, as webhooks.outbox.ts writes it. */
interface WebhookBody {
  type: EventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/** A delivery as its log shows it, with the body that was (or will be) sent. */
export function deliveryOf(row: Selectable<WebhookDeliveriesTable>) {
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    eventType: storedEventType(row.eventType),
    payload: fromJsonText<WebhookBody>(row.payload),
    state: row.state,
    attempts: Number(row.attempts),
    nextAttemptAt: row.state === 'pending' ? Number(row.nextAttemptAt) : null,
    lastStatus: row.lastStatus === null ? null : Number(row.lastStatus),
    lastError: row.lastError,
    deliveredAt: row.deliveredAt === null ? null : Number(row.deliveredAt),
    createdAt: Number(row.createdAt),
  };
}

export async function subscriptionRow(db: Db, organizationId: string, id: string) {
  const row = await db.selectFrom('webhookSubscriptions').selectAll().where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `no webhook subscription ${id} in this organization`);
  return row;
}
