import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { subscriptionResult } from './webhooks.results.ts';
import { bool, id, str } from '../../values/fields.ts';
import { eventTypes, targetUrl } from './subscribe.ts';
import { subscriptionOf, subscriptionRow } from './webhooks.records.ts';
import { assertTarget } from './webhooks.targets.ts';

/** Extension: changes a subscription's URL, event types, description, or pauses it (`isActive`). */
export const updateSubscription = defineOperation({
  namespace: 'webhooks',
  name: 'updateSubscription', audience: member(), writes: true,
  summary: "Change a webhook subscription's URL, event types or state",
  input: z.object({ id: id(), organizationId: id(), url: targetUrl().optional(), eventTypes: eventTypes().optional(), description: str().max(500).nullish(), isActive: bool().optional() }),
  output: itemResult(subscriptionResult),
  async handler(ctx, input) {
    const current = await subscriptionRow(ctx.db, input.organizationId, input.id);
    if (input.url !== undefined) await assertTarget(input.url, ctx.config, ctx.services.resolveHost);
    const changes = {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.eventTypes !== undefined ? { eventTypes: JSON.stringify([...new Set(input.eventTypes)]) } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
      updatedAt: ctx.now(),
    };
    await ctx.db.updateTable('webhookSubscriptions').set(changes).where('id', '=', current.id).execute();
    return { item: subscriptionOf({ ...current, ...changes }) };
  },
});
