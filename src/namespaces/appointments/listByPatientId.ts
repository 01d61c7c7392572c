import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, paging } from '../../values/fields.ts';
import { notFound } from '../../values/errors.ts';
import { defineOperation } from '../../operations/operation.ts';
import { findPatient } from '../patients/patients.public.ts';
import { pageAppointments } from './appointments.repo.ts';
import { pageResult } from '../../values/results.ts';
import { appointmentRecord } from './appointments.results.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';

/** A patient's appointments in the organization, newest first; a patient not of this organization is NOT_FOUND. */
export const listByPatientId = defineOperation({
  namespace: 'appointments',
  name: 'listByPatientId', audience: member(), readsPatientData: true, reads: itemsReads(byPatientId),
  summary: 'Page through one patient\'s appointments in the organization, newest first',
  input: z.object({ organizationId: id(), patientId: id(), ...paging }),
  output: pageResult(appointmentRecord),
  async handler(ctx, input) {
    if (!(await findPatient(ctx.db, input.organizationId, input.patientId))) throw notFound('patient');
    return pageAppointments(ctx.db, { organizationId: input.organizationId, patientId: input.patientId }, 'desc', input.page, input.pageSize);
  },
});
