import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, paging } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { admissions } from './admissions.resource.ts';
import { pageAdmissions } from './admissions.repo.ts';
import { statusText } from './admissions.status.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';

/**
 * A page of the organization's admissions, newest first. `status` filters exactly (a known status
 * in any case); `searchQuery` matches the patient's name or mobile number or the admission reason
 * (contains, case-insensitive). Omitted, null or blank: no filter.
 */
export const listByOrganization = defineOperation({
  namespace: 'admissions',
  name: 'listByOrganization',
  audience: member(),
  readsPatientData: true, reads: itemsReads(byPatientId),
  summary: "A page of the organization's admissions, by status and search",
  input: z.object({
    organizationId: id(),
    status: statusText().nullish(),
    searchQuery: z.string().trim().max(200).nullish(),
    ...paging,
  }),
  output: pageResult(admissions.schemas.record),
  async handler(ctx, input) {
    const filters = { organizationId: input.organizationId, status: input.status, search: input.searchQuery };
    return pageAdmissions(ctx.db, filters, input.page, input.pageSize);
  },
});
