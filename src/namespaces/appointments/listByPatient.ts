import { self } from '../../access/audience.ts';
import { z } from 'zod';
import { notFound } from '../../rpc/errors.ts';
import { date, id, paging } from '../../rpc/fields.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { pageAppointments } from './appointments.repo.ts';
import { filter, statusList } from './fields.ts';
import { assertReachable } from './references.ts';

/**
 * The appointments of a patient record (which belongs to one organization, found from it),
 * newest first; appointmentDate = scheduledDate; status any of. A caller bound to other
 * organizations gets NOT_FOUND, like an unknown patient.
 */
export const listByPatient = defineOperation({
  namespace: 'appointments',
  name: 'listByPatient', audience: self(),
  summary: 'Page through a patient record\'s appointments, optionally on one date and in some statuses',
  input: z.object({
    patientId: id(),
    appointmentDate: filter(date()),
    status: filter(statusList()),
    ...paging,
  }),
  async handler(ctx, input) {
    const patient = await ctx.db.selectFrom('patients').select(['id', 'organizationId']).where('id', '=', input.patientId).executeTakeFirst();
    if (!patient) throw notFound('patient');
    assertReachable(ctx, patient.organizationId, 'patient');
    const filters = { organizationId: patient.organizationId, patientId: patient.id, scheduledDate: input.appointmentDate, statuses: input.status };
    return pageAppointments(ctx.db, filters, 'desc', input.page, input.pageSize);
  },
});
