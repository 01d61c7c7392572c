import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { notFound } from '../../values/errors.ts';
import { filter, id, paging } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageAppointments } from './appointments.repo.ts';
import { startRange } from './appointments.dateFilters.ts';
import { dateFilter, statusList } from './appointments.fields.ts';
import { clockOf, userIdsByReference } from './appointments.references.ts';
import { pageResult } from '../../values/results.ts';
import { appointmentRecord } from './appointments.results.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';

/**
 * A doctor's appointments in the organization. doctorUserId is the doctor's users record id or
 * idpUserId (a person has one record per organization); none in this organization is NOT_FOUND.
 */
export const getByDoctorUserId = defineOperation({
  namespace: 'appointments',
  name: 'getByDoctorUserId', audience: member(), readsPatientData: true, reads: itemsReads(byPatientId),
  summary: 'Page through a doctor\'s appointments with date and status filters',
  input: z.object({
    doctorUserId: id(),
    organizationId: id(),
    dateFilter: filter(dateFilter()),
    status: filter(statusList()),
    ...paging,
  }),
  output: pageResult(appointmentRecord),
  async handler(ctx, input) {
    const doctorIds = await userIdsByReference(ctx.db, input.organizationId, input.doctorUserId);
    if (doctorIds.length === 0) throw notFound('doctor');
    const { order, ...range } = startRange(input.dateFilter, await clockOf(ctx, input.organizationId));
    const filters = { organizationId: input.organizationId, doctorIds, statuses: input.status, ...range };
    return pageAppointments(ctx.db, filters, order, input.page, input.pageSize);
  },
});
