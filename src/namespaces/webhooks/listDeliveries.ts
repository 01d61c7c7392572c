import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { deliveryResult } from './webhooks.results.ts';
import { id, paging } from '../../values/fields.ts';
import { readPage } from '../../db/paged-list.ts';
import { offsetOf, pageOf } from '../../values/paging.ts';
import { deliveryOf, subscriptionRow } from './webhooks.records.ts';
import { deliveryReads } from './webhooks.reads.ts';

/**
 * Extension: a subscription's delivery log, newest first; `state` filters (pending, delivered, failed).
 * The payloads are patient data: the read log names the patients they carry (webhooks.reads.ts).
 */
export const listDeliveries = defineOperation({
  namespace: 'webhooks',
  name: 'listDeliveries', audience: member(), readsPatientData: true, reads: deliveryReads,
  summary: "A webhook subscription's delivery log",
  input: z.object({ organizationId: id(), subscriptionId: id(), state: z.enum(['pending', 'delivered', 'failed']).optional(), ...paging }),
  output: pageResult(deliveryResult),
  async handler(ctx, input) {
    await subscriptionRow(ctx.db, input.organizationId, input.subscriptionId);
    let query = ctx.db.selectFrom('webhookDeliveries').where('organizationId', '=', input.organizationId).where('subscriptionId', '=', input.subscriptionId);
    if (input.state) query = query.where('state', '=', input.state);
    const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const page = query.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(input.pageSize).offset(offsetOf(input.page, input.pageSize));
    const rows = await readPage(ctx.db, page, input.pageSize, ['payload']);
    return pageOf(rows.map(deliveryOf), Number(n), input.page, input.pageSize);
  },
});
