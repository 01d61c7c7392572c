import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { validationFailed } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { tellAbout } from './appointments.notices.ts';
import { findPatient } from '../patients/patients.public.ts';
import { getRow, patchRow, toRecord } from './appointments.repo.ts';
import { assertMayRun } from './appointments.status.ts';
import { notifiedResult } from './appointments.results.ts';

/**
 * Tells the patient that the doctor is waiting in the call, through notify(), once per
 * appointment (dedupeKey `appointment:<id>:call-join`: a repeat returns the same notification and
 * sends nothing). The recipient is the patient's own sign-in identity: a patient record without
 * idpUserId cannot be notified, and nothing is stored (`notified: false`).
 */
export const triggerCallJoinNotification = defineOperation({
  namespace: 'appointments',
  name: 'triggerCallJoinNotification', audience: member(),
  summary: 'Notify the patient that the doctor is waiting in the call (once per appointment)',
  writes: true,
  input: z.object({ appointmentId: id(), organizationId: id(), doctorId: id().nullish() }),
  output: notifiedResult,
  async handler(ctx, input) {
    const current = await getRow(ctx.db, input.organizationId, input.appointmentId);
    if (input.doctorId && input.doctorId !== current.doctorId) throw validationFailed('doctorId', 'is not this appointment\'s doctor');
    assertMayRun('triggerCallJoinNotification', current);
    const patient = await findPatient(ctx.db, input.organizationId, current.patientId);
    if (!patient?.idpUserId) return { item: toRecord(current), notified: false as const, notification: null };

    const notification = await tellAbout(ctx, current, { idpUserId: patient.idpUserId, role: 'patient' }, {
      type: 'appointment_call_join',
      title: 'Your doctor is waiting',
      message: `Your doctor is waiting for you in the call for your appointment on ${current.scheduledDate} at ${current.scheduledTime}.`,
      priority: 'high',
      navigationTarget: 'appointment_call',
      dedupeKey: `appointment:${current.id}:call-join`,
    });
    const item =
      current.callJoinNotifiedAt === null
        ? await patchRow(ctx.db, input.organizationId, current.id, { callJoinNotifiedAt: notification.createdAt, updatedAt: ctx.now() })
        : toRecord(current);
    return { item, notified: true as const, notification };
  },
});
