import type { TestApp } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';

export interface QueuedEvent {
  type: string;
  // Tests read event data freely; its shape is asserted.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

/**
 * A subscription to every event of the organization, written directly (its operations are tested
 * in webhooks.test.ts); answers a reader of the events queued for it since, oldest first.
 */
export async function listenToEvents(t: TestApp, organizationId: string): Promise<() => Promise<QueuedEvent[]>> {
  const id = newId();
  const now = Date.now();
  await t.database.db
    .insertInto('webhookSubscriptions')
    .values({ id, organizationId, url: 'http://127.0.0.1:9/events', eventTypes: JSON.stringify(['*']), secret: 'whsec_dGVzdA==', description: null, isActive: true, createdAt: now, updatedAt: now })
    .execute();
  return async () => {
    const rows = await t.database.db.selectFrom('webhookDeliveries').select(['eventType', 'payload']).where('subscriptionId', '=', id).orderBy('createdAt').orderBy('id').execute();
    return rows.map((r) => ({ type: r.eventType, data: (JSON.parse(r.payload) as { data: unknown }).data }));
  };
}
