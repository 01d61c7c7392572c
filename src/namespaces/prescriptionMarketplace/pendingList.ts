import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, paging } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pharmacySummaryPage } from './prescriptionMarketplace.results.ts';
import { summaryRecord } from './prescriptionMarketplace.records.ts';
import { pagePharmacySummaries } from './prescriptionMarketplace.repo.ts';
import { BROADCAST_STATUSES, statusFilter } from './prescriptionMarketplace.status.ts';
import { summaryReads } from './prescriptionMarketplace.reads.ts';

/**
 * The broadcasts the pharmacy received, newest first, in the list-summary shape, from the
 * pharmacy's side: `status` is its broadcast's status (and the filter), `available` / `amount`
 * count only its own standing quote, never another pharmacy's. organizationBranchId keeps the
 * broadcasts to that branch and those to the whole organization.
 */
export const pendingList = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'pendingList', audience: member(),
  readsPatientData: true, reads: summaryReads,
  summary: 'The prescription requests broadcast to a pharmacy',
  input: z.object({
    organizationId: id(),
    organizationBranchId: id().nullish(),
    status: statusFilter(BROADCAST_STATUSES).nullish(),
    ...paging,
  }),
  output: pharmacySummaryPage,
  async handler(ctx, input) {
    const page = await pagePharmacySummaries(
      ctx.db,
      { organizationId: input.organizationId, organizationBranchId: input.organizationBranchId ?? undefined, status: input.status ?? undefined },
      input.page,
      input.pageSize,
    );
    return { success: true as const, ...page, items: page.items.map(summaryRecord) };
  },
});
