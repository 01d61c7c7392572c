import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, paging } from '../../values/fields.ts';
import { checkDateRange } from '../../values/list-filters.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { labReportOrderRecord } from './labOrders.results.ts';
import { pageLabOrders } from './labOrders.repo.ts';
import { filtersOf, listFilterFields } from './labOrders.listFilters.ts';
import { filesOfOrders } from './labOrders.resultFiles.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';

/** The list of listByOrganization, each order with its result files (`resultFiles`, oldest upload first). */
export const getLabReport = defineOperation({
  namespace: 'labOrders',
  name: 'getLabReport', audience: member(), readsPatientData: true, reads: itemsReads(byPatientId),
  summary: "A page of the organization's lab orders with their tests and result files, newest first, filtered as listByOrganization",
  input: z.object({ organizationId: id(), ...listFilterFields, ...paging }).superRefine(checkDateRange),
  output: pageResult(labReportOrderRecord),
  async handler(ctx, input) {
    const page = await pageLabOrders(ctx.db, await filtersOf(ctx, input), input.page, input.pageSize);
    const files = await filesOfOrders(ctx.db, input.organizationId, page.items.map((o) => o.id));
    return { ...page, items: page.items.map((order) => ({ ...order, resultFiles: files.get(order.id) ?? [] })) };
  },
});
