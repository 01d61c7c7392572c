import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { filter, id, paging, time } from '../../values/fields.ts';
import { checkDateRange, dateRangeFields, daysOf, oneOrMany } from '../../values/list-filters.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageAppointments } from './appointments.repo.ts';
import { startRangeWithin } from './appointments.dateFilters.ts';
import { dateFilter, label } from './appointments.fields.ts';
import { clockOf } from './appointments.references.ts';
import { knownDoctor } from '../services/services.public.ts';
import { knownPatient } from '../patients/patients.public.ts';
import { STATUSES } from './appointments.status.ts';
import { pageResult } from '../../values/results.ts';
import { appointmentRecord } from './appointments.results.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';

/**
 * The organization's appointments: searchQuery (contains, case-insensitive) over the patient's
 * name and the reason; dateFilter (see appointments.dateFilters.ts); appointmentType = type; scheduledTime exact.
 * Extensions (docs/appointments.md, "Operations"): doctorId, patientId (unknown ones are NOT_FOUND),
 * dateFrom..dateTo on scheduledDate (within the dateFilter when both are given), status (the stage).
 */
export const listByOrganization = defineOperation({
  namespace: 'appointments',
  name: 'listByOrganization', audience: member(), readsPatientData: true, reads: itemsReads(byPatientId),
  summary: 'Page through the organization\'s appointments with search, doctor, patient, date and status filters',
  input: z
    .object({
      organizationId: id(),
      searchQuery: filter(z.string().trim().max(200)).transform((v) => v || undefined),
      dateFilter: filter(dateFilter()),
      appointmentType: filter(label()),
      scheduledTime: filter(time()),
      doctorId: filter(id().describe('extension: the doctor\'s users record id; one the organization does not have is NOT_FOUND')),
      patientId: filter(id().describe('extension: a patients record id; one the organization does not have is NOT_FOUND')),
      ...dateRangeFields('appointments scheduled'),
      status: oneOrMany(STATUSES, 'appointments'),
      ...paging,
    })
    .superRefine(checkDateRange),
  output: pageResult(appointmentRecord),
  async handler(ctx, input) {
    const { organizationId } = input;
    if (input.doctorId !== undefined) await knownDoctor(ctx.db, organizationId, input.doctorId);
    if (input.patientId !== undefined) await knownPatient(ctx.db, organizationId, input.patientId);
    const { order, ...range } = startRangeWithin(input.dateFilter, await clockOf(ctx, organizationId), daysOf(input));
    const filters = {
      organizationId,
      ...range,
      search: input.searchQuery,
      type: input.appointmentType,
      scheduledTime: input.scheduledTime,
      doctorIds: input.doctorId === undefined ? undefined : [input.doctorId],
      patientId: input.patientId,
      stages: input.status,
    };
    return pageAppointments(ctx.db, filters, order, input.page, input.pageSize);
  },
});
