import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { formResult } from './preConsultationForms.results.ts';
import { actingPatient, appointmentOf, assertFilledInBySelf, assertOwnAppointment, ownerOfForm } from './preConsultationForms.access.ts';
import { createInput } from './create.ts';
import { getForm, saveForm } from './preConsultationForms.repo.ts';
import { changeSubmissions, nextSubmission } from './preConsultationForms.submission.ts';

/**
 * create's fields, each optional: those required on create may change but are never cleared (null
 * is VALIDATION_FAILED); createdAt null (`ts?` in the interface) leaves it as stored.
 */
export const updateInput = z.object({ id: id(), organizationId: id() }).extend(createInput.partial().shape);

/**
 * Changes a form (omitted fields unchanged; `answers` replaced whole). Moving it to submitted sets
 * the appointment's isPreConsultationCompleted in the same transaction; reopening it as draft (or
 * moving it to another appointment) clears that when no submitted form of the appointment remains.
 * The form's patient changes it as itself and moves it only to its own appointments.
 */
export const update = defineOperation({
  namespace: 'preConsultationForms',
  name: 'update', audience: self(ownerOfForm),
  summary: 'Update a pre-consultation form of the organization',
  writes: true,
  input: updateInput,
  output: itemResult(formResult),
  async handler(ctx, input) {
    const current = await getForm(ctx.db, input.organizationId, input.id);
    const patient = actingPatient(ctx);
    if (input.idpUserId !== undefined && input.idpUserId !== current.idpUserId) assertFilledInBySelf(patient, input.idpUserId);
    if (input.appointmentId !== undefined && input.appointmentId !== current.appointmentId) {
      await assertOwnAppointment(ctx, patient, await appointmentOf(ctx, input.organizationId, input.appointmentId, 'appointmentId'));
    }
    const now = ctx.now();
    const next = {
      ...current,
      appointmentId: input.appointmentId ?? current.appointmentId,
      idpUserId: input.idpUserId ?? current.idpUserId,
      departmentName: input.departmentName ?? current.departmentName,
      answers: input.answers ?? current.answers,
      ...nextSubmission(current, input, now),
      createdAt: input.createdAt ?? current.createdAt,
      updatedAt: input.updatedAt ?? now,
    };
    const finish = await changeSubmissions(ctx, input.organizationId, current, next);
    const item = await saveForm(ctx.db, next);
    await finish();
    return { item };
  },
});
