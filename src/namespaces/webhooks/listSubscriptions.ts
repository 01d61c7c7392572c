import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemsResult } from '../../values/results.ts';
import { subscriptionResult } from './webhooks.results.ts';
import { id } from '../../values/fields.ts';
import { subscriptionOf } from './webhooks.records.ts';

/** Extension: the organization's webhook subscriptions, newest first (no secrets). */
export const listSubscriptions = defineOperation({
  namespace: 'webhooks',
  name: 'listSubscriptions', audience: member(),
  summary: "The organization's webhook subscriptions",
  input: z.object({ organizationId: id() }),
  output: itemsResult(subscriptionResult),
  async handler(ctx, input) {
    const rows = await ctx.db.selectFrom('webhookSubscriptions').selectAll().where('organizationId', '=', input.organizationId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
    return { items: rows.map(subscriptionOf) };
  },
});
