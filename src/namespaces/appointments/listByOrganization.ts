import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { filter, id, paging, time } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageAppointments } from './appointments.repo.ts';
import { startRange } from './appointments.dateFilters.ts';
import { dateFilter, label } from './appointments.fields.ts';
import { clockOf } from './appointments.references.ts';
import { pageResult } from '../../values/results.ts';
import { appointmentRecord } from './appointments.results.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';

/**
 * The organization's appointments: searchQuery (contains, case-insensitive) over the patient's
 * name and the reason; dateFilter (see appointments.dateFilters.ts); appointmentType = type; scheduledTime exact.
 */
export const listByOrganization = defineOperation({
  namespace: 'appointments',
  name: 'listByOrganization', audience: member(), readsPatientData: true, reads: itemsReads(byPatientId),
  summary: 'Page through the organization\'s appointments with search and date filters',
  input: z.object({
    organizationId: id(),
    searchQuery: filter(z.string().trim().max(200)).transform((v) => v || undefined),
    dateFilter: filter(dateFilter()),
    appointmentType: filter(label()),
    scheduledTime: filter(time()),
    ...paging,
  }),
  output: pageResult(appointmentRecord),
  async handler(ctx, input) {
    const { order, ...range } = startRange(input.dateFilter, await clockOf(ctx, input.organizationId));
    const filters = {
      organizationId: input.organizationId,
      ...range,
      search: input.searchQuery,
      type: input.appointmentType,
      scheduledTime: input.scheduledTime,
    };
    return pageAppointments(ctx.db, filters, order, input.page, input.pageSize);
  },
});
