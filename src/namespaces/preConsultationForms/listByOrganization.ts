import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, paging } from '../../values/fields.ts';
import { defineOperation, type Operation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { formResult } from './preConsultationForms.results.ts';
import { actingPatient, appointmentOf, callerAsOwner } from './preConsultationForms.access.ts';
import { status } from './preConsultationForms.fields.ts';
import { pageForms } from './preConsultationForms.repo.ts';
import { itemsReads } from '../../operations/reads.ts';
import { patientOfForm } from './preConsultationForms.reads.ts';

/**
 * The organization's forms, newest first. Extensions: `appointmentId` (one the organization does
 * not have is NOT_FOUND) and `status` filters. Staff with a granted role see all; any other account
 * only its own forms (preConsultationForms.access.ts): those it is for and those of appointments
 * of its patient record.
 */
export const listByOrganization: Operation = defineOperation({
  namespace: 'preConsultationForms',
  name: 'listByOrganization', audience: self(callerAsOwner), readsPatientData: true, reads: itemsReads(patientOfForm),
  summary: "Page through the organization's pre-consultation forms, newest first",
  input: z.object({ organizationId: id(), ...paging, appointmentId: id().nullish(), status: status().nullish() }),
  output: pageResult(formResult),
  async handler(ctx, input) {
    if (input.appointmentId) await appointmentOf(ctx, input.organizationId, input.appointmentId);
    return pageForms(
      ctx.db,
      input.organizationId,
      { appointmentId: input.appointmentId ?? undefined, status: input.status ?? undefined, ownedBy: actingPatient(ctx) },
      input.page,
      input.pageSize,
    );
  },
});
