import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { notFound } from '../../values/errors.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { labOrderRecord } from './labOrders.results.ts';
import { findLabOrder } from './labOrders.repo.ts';
import { byPatientId, itemReads } from '../../operations/reads.ts';

export const getById = defineOperation({
  namespace: 'labOrders',
  name: 'getById', audience: member(), readsPatientData: true, reads: itemReads(byPatientId),
  summary: 'A lab order of the organization with its tests',
  input: z.object({ id: id(), organizationId: id() }),
  output: itemResult(labOrderRecord),
  async handler(ctx, input) {
    const item = await findLabOrder(ctx.db, input.organizationId, input.id);
    if (!item) throw notFound('lab order');
    return { item };
  },
});
