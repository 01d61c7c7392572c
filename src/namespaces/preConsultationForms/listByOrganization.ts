import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { notFound } from '../../values/errors.ts';
import { filter, id, paging } from '../../values/fields.ts';
import { checkDateRange, dateRangeFields, daysOf } from '../../values/list-filters.ts';
import { daysWindow } from '../../time/local-minutes.ts';
import { defineOperation, type Operation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { formResult } from './preConsultationForms.results.ts';
import { actingPatient, appointmentOf, callerAsOwner } from './preConsultationForms.access.ts';
import { status } from './preConsultationForms.fields.ts';
import { pageForms, type AppointmentScope } from './preConsultationForms.repo.ts';
import { itemsReads } from '../../operations/reads.ts';
import { patientOfForm } from './preConsultationForms.reads.ts';
import { knownPatient } from '../patients/patients.public.ts';
import { knownDoctor } from '../services/services.public.ts';

/**
 * The organization's forms, newest first. Extensions: `appointmentId` and `status` filters, and the
 * forms of the appointments of a doctor, of a patient and scheduled dateFrom..dateTo (an
 * appointment, doctor or patient the organization does not have is NOT_FOUND). Staff with a granted
 * role see all; any other account only its own forms (preConsultationForms.access.ts): those it is
 * for and those of appointments of its patient record.
 */
export const listByOrganization: Operation = defineOperation({
  namespace: 'preConsultationForms',
  name: 'listByOrganization', audience: self(callerAsOwner), readsPatientData: true, reads: itemsReads(patientOfForm),
  summary: "Page through the organization's pre-consultation forms, newest first, by appointment, doctor, patient, date and status",
  input: z
    .object({
      organizationId: id(),
      ...paging,
      appointmentId: id().nullish(),
      status: status().nullish(),
      doctorId: filter(id().describe('extension: the forms of this doctor\'s appointments (users record id); one the organization does not have is NOT_FOUND')),
      patientId: filter(id().describe('extension: the forms of this patient\'s appointments (patients record id); one the organization does not have is NOT_FOUND')),
      ...dateRangeFields('the forms of the appointments scheduled'),
    })
    .superRefine(checkDateRange),
  output: pageResult(formResult),
  async handler(ctx, input) {
    const { organizationId } = input;
    if (input.appointmentId) await appointmentOf(ctx, organizationId, input.appointmentId);
    if (input.doctorId !== undefined) await knownDoctor(ctx.db, organizationId, input.doctorId);
    if (input.patientId !== undefined) {
      const patient = await knownPatient(ctx.db, organizationId, input.patientId);
      // A patient's own account names only its own record: another's is as unknown to it.
      const me = actingPatient(ctx);
      if (me !== undefined && patient.idpUserId !== me) throw notFound('patient');
    }
    const days = daysOf(input);
    const window = days && daysWindow(days.from, days.to);
    const scope: AppointmentScope | undefined =
      input.doctorId !== undefined || input.patientId !== undefined || window
        ? { doctorId: input.doctorId, patientId: input.patientId, startFrom: window?.start, startTo: window?.end }
        : undefined;
    return pageForms(
      ctx.db,
      organizationId,
      { appointmentId: input.appointmentId ?? undefined, status: input.status ?? undefined, ownedBy: actingPatient(ctx), ofAppointments: scope },
      input.page,
      input.pageSize,
    );
  },
});
