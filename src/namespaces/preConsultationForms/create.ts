import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, idpUserId, ts } from '../../values/fields.ts';
import { newId } from '../../values/ids.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { formResult } from './preConsultationForms.results.ts';
import { actingPatient, appointmentOf, assertFilledInBySelf, ownerOfAppointment } from './preConsultationForms.access.ts';
import { answers, departmentName, status } from './preConsultationForms.fields.ts';
import { insertForm } from './preConsultationForms.repo.ts';
import { changeSubmissions, nextSubmission } from './preConsultationForms.submission.ts';

export const createInput = z.object({
  appointmentId: id(),
  idpUserId: idpUserId(),
  departmentName: departmentName(),
  answers: answers(),
  status: status(),
  submittedAt: ts().nullish(),
  createdAt: ts().nullish(),
  updatedAt: ts().nullish(),
});

/**
 * Stores a form for an appointment, in the appointment's organization (the input names none). One
 * form per appointment and department (CONFLICT). A form created submitted sets the appointment's
 * isPreConsultationCompleted in the same transaction. The appointment's patient fills in forms as
 * itself; staff for anyone.
 */
export const create = defineOperation({
  namespace: 'preConsultationForms',
  name: 'create', audience: self(ownerOfAppointment),
  summary: "Create a pre-consultation form for an appointment (in the appointment's organization)",
  writes: true,
  input: createInput,
  output: itemResult(formResult),
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    assertFilledInBySelf(actingPatient(ctx), input.idpUserId);
    const appointment = await appointmentOf(ctx, organizationId, input.appointmentId);
    const now = ctx.now();
    const submission = nextSubmission(undefined, input, now);
    const finish = await changeSubmissions(ctx, organizationId, undefined, { appointmentId: appointment.id, status: submission.status });
    const item = await insertForm(ctx.db, {
      id: newId(),
      organizationId,
      appointmentId: appointment.id,
      idpUserId: input.idpUserId,
      departmentName: input.departmentName,
      answers: input.answers,
      ...submission,
      createdAt: input.createdAt ?? now,
      updatedAt: input.updatedAt ?? now,
    });
    await finish();
    return { item };
  },
});
