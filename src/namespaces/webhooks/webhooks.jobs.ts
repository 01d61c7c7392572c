import type { JobDefinition } from '../../background/runner.ts';
import { deliverDue } from './webhooks.delivery.ts';

/** Sends the queued webhook deliveries (docs/webhooks.md); not one transaction: it waits on receivers. */
export const deliverWebhooks: JobDefinition = {
  name: 'webhooks.deliver',
  everyMs: 5_000,
  transactional: false,
  async run(ctx) {
    return deliverDue(ctx.db, ctx.config, () => ctx.now(), ctx.services.resolveHost);
  },
};

export const webhookJobs: readonly JobDefinition[] = [deliverWebhooks];
