import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { declaredEvents } from '../../events/events.ts';
import { subscriptionResult } from './webhooks.results.ts';
import { id, str } from '../../values/fields.ts';
import { newId } from '../../values/ids.ts';
import { subscriptionOf } from './webhooks.records.ts';
import { assertTarget } from './webhooks.targets.ts';

/** The event types a subscription asks for (`*`: all), read once the namespaces have declared them (webhooks.results.ts). */
export const eventTypes = () =>
  z.lazy(() => {
    const names = declaredEvents();
    return z.array(z.enum(['*', ...names])).min(1).max(names.length + 1);
  });
export const targetUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2000);

/**
 * Extension: subscribes a URL to event types of the organization (`*`: all). Answers the
 * subscription and, once, its signing `secret` (Standard Webhooks `whsec_...`): receivers verify
 * each delivery with it. A target on a private or loopback address is refused (docs/webhooks.md).
 */
export const subscribe = defineOperation({
  namespace: 'webhooks',
  name: 'subscribe', audience: member(), writes: true,
  summary: 'Subscribe a URL to event types; answers the signing secret once',
  input: z.object({ organizationId: id(), url: targetUrl(), eventTypes: eventTypes(), description: str().max(500).nullish() }),
  output: z.object({ item: subscriptionResult, secret: out.text() }),
  async handler(ctx, input) {
    await assertTarget(input.url, ctx.config, ctx.services.resolveHost);
    const now = ctx.now();
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const row = {
      id: newId(), organizationId: input.organizationId, url: input.url, eventTypes: JSON.stringify([...new Set(input.eventTypes)]), secret,
      description: input.description ?? null, isActive: true, createdAt: now, updatedAt: now,
    };
    await ctx.db.insertInto('webhookSubscriptions').values(row).execute();
    return { item: subscriptionOf(row), secret };
  },
});
