import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { deliveryResult } from './webhooks.results.ts';
import { AppError } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { deliveryOf } from './webhooks.records.ts';

/** Extension: sends a delivery again (failed or delivered), with the same id and body, as soon as the job runs. */
export const redeliver = defineOperation({
  namespace: 'webhooks',
  name: 'redeliver', audience: member(), writes: true,
  summary: 'Send a webhook delivery again',
  input: z.object({ id: id(), organizationId: id() }),
  output: itemResult(deliveryResult),
  async handler(ctx, input) {
    const now = ctx.now();
    const updated = await ctx.db
      .updateTable('webhookDeliveries')
      .set({ state: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null, deliveredAt: null, updatedAt: now })
      .where('id', '=', input.id)
      .where('organizationId', '=', input.organizationId)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new AppError('NOT_FOUND', `no webhook delivery ${input.id} in this organization`);
    return { item: deliveryOf(updated) };
  },
});
