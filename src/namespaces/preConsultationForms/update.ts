import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { notFound } from '../../values/errors.ts';
import { id, idpUserId, ts } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { formResult } from './preConsultationForms.results.ts';
import { actingPatient, appointmentOf, assertFilledInBySelf, assertOwnAppointment, ownerOfForm } from './preConsultationForms.access.ts';
import { answers, departmentName, status } from './preConsultationForms.fields.ts';
import { findForm, saveForm } from './preConsultationForms.repo.ts';
import { changeSubmissions, nextSubmission } from './preConsultationForms.submission.ts';

/** The fields required on create may change but are never cleared (null is VALIDATION_FAILED); createdAt null keeps it. */
export const updateInput = z.object({
  id: id(),
  organizationId: id(),
  appointmentId: id().optional(),
  idpUserId: idpUserId().optional(),
  departmentName: departmentName().optional(),
  answers: answers().optional(),
  status: status().optional(),
  submittedAt: ts().nullish(),
  /** ts? in the interface: null is accepted and leaves it as stored (a form always has one). */
  createdAt: ts().nullish(),
  updatedAt: ts().nullish(),
});

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
    const current = await findForm(ctx.db, input.organizationId, input.id);
    if (!current) throw notFound('pre-consultation form');
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
