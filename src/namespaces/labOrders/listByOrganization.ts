import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, paging } from '../../values/fields.ts';
import { checkDateRange } from '../../values/list-filters.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { labOrderRecord } from './labOrders.results.ts';
import { pageLabOrders } from './labOrders.repo.ts';
import { filtersOf, listFilterFields } from './labOrders.listFilters.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';

export const listByOrganization = defineOperation({
  namespace: 'labOrders',
  name: 'listByOrganization', audience: member(), readsPatientData: true, reads: itemsReads(byPatientId),
  summary: "A page of the organization's lab orders with their tests, newest first, by doctor, patient, date and status",
  input: z.object({ organizationId: id(), ...listFilterFields, ...paging }).superRefine(checkDateRange),
  output: pageResult(labOrderRecord),
  async handler(ctx, input) {
    return pageLabOrders(ctx.db, await filtersOf(ctx, input), input.page, input.pageSize);
  },
});
