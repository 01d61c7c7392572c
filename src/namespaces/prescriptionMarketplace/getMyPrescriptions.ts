import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { id, paging } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { patientSummaryPage } from './prescriptionMarketplace.results.ts';
import { actingPatient } from './prescriptionMarketplace.fields.ts';
import { summaryRecord } from './prescriptionMarketplace.records.ts';
import { pagePatientSummaries } from './prescriptionMarketplace.repo.ts';
import { REQUEST_STATUSES, statusFilter } from './prescriptionMarketplace.status.ts';
import { summaryReads } from './prescriptionMarketplace.reads.ts';

/**
 * The patient's requests, newest first, in the list-summary shape: available = the request's
 * standing quotes (submitted or accepted), amount = the lowest of their grand totals (0 when none).
 */
export const getMyPrescriptions = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'getMyPrescriptions', audience: self(ownerByIdentity<{ patientId?: string | null }>('patientId')),
  readsPatientData: true, reads: summaryReads,
  summary: "A patient's prescription requests with their quote count and lowest quote",
  input: z.object({
    patientId: id().nullish(),
    status: statusFilter(REQUEST_STATUSES).nullish(),
    ...paging,
  }),
  output: patientSummaryPage,
  async handler(ctx, input) {
    const patientId = actingPatient(ctx, input.patientId);
    const page = await pagePatientSummaries(ctx.db, patientId, input.status ?? undefined, input.page, input.pageSize);
    return { success: true as const, ...page, items: page.items.map(summaryRecord) };
  },
});
