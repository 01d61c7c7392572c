import { self } from '../../operations/audience.ts';
import { ownerByPatient } from '../../access/owners.ts';
import { z } from 'zod';
import { date, filter, id, paging } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageAppointments } from './appointments.repo.ts';
import { statusList } from './appointments.fields.ts';
import { pageResult } from '../../values/results.ts';
import { appointmentRecord } from './appointments.results.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';

/**
 * The appointments of a patient record (which belongs to one organization, found from it),
 * newest first; appointmentDate = scheduledDate; status any of. For the account linked to the
 * record and the staff of its organization; anyone else gets NOT_FOUND, like an unknown patient.
 */
export const listByPatient = defineOperation({
  namespace: 'appointments',
  name: 'listByPatient', audience: self(ownerByPatient('patientId')), readsPatientData: true, reads: itemsReads(byPatientId),
  summary: 'Page through a patient record\'s appointments, optionally on one date and in some statuses',
  input: z.object({
    patientId: id(),
    appointmentDate: filter(date()),
    status: filter(statusList()),
    ...paging,
  }),
  output: pageResult(appointmentRecord),
  async handler(ctx, input) {
    const filters = { organizationId: ctx.organizationId!, patientId: input.patientId, scheduledDate: input.appointmentDate, statuses: input.status };
    return pageAppointments(ctx.db, filters, 'desc', input.page, input.pageSize);
  },
});
