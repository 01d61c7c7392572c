import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deletedResult, deletedAnswer } from '../../values/results.ts';
import { id } from '../../values/fields.ts';
import { subscriptionRow } from './webhooks.records.ts';

/** Extension: removes a subscription; what it had not delivered yet is not sent. */
export const unsubscribe = defineOperation({
  namespace: 'webhooks',
  name: 'unsubscribe', audience: member(), writes: true,
  summary: 'Remove a webhook subscription',
  input: z.object({ id: id(), organizationId: id() }),
  output: deletedResult,
  async handler(ctx, input) {
    await subscriptionRow(ctx.db, input.organizationId, input.id);
    await ctx.db.deleteFrom('webhookDeliveries').where('subscriptionId', '=', input.id).where('organizationId', '=', input.organizationId).execute();
    await ctx.db.deleteFrom('webhookSubscriptions').where('id', '=', input.id).where('organizationId', '=', input.organizationId).execute();
    return deletedAnswer(input.id);
  },
});
