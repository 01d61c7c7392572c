import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { getRow, patchRow, toRecord } from './appointments.repo.ts';
import { tellAbout } from './appointments.notices.ts';
import { ownerByAppointment } from './appointments.owners.ts';
import { assertMayRun } from './appointments.status.ts';
import { notifiedResult } from './appointments.results.ts';

/**
 * Records when the patient joined the call (the first join is kept) and tells the doctor, through
 * notify(), once per appointment (dedupeKey `appointment:<id>:patient-joined`). A doctor whose
 * user record is gone cannot be notified (`notified: false`); the join time is still recorded.
 * Called by the appointment's patient (the account linked to its record) or the staff.
 */
export const patientJoinedCall = defineOperation({
  namespace: 'appointments',
  name: 'patientJoinedCall', audience: self(ownerByAppointment('appointmentId')),
  summary: 'Record that the patient joined the call and notify the doctor (once per appointment)',
  writes: true,
  input: z.object({ appointmentId: id(), organizationId: id() }),
  output: notifiedResult,
  async handler(ctx, input) {
    const current = await getRow(ctx.db, input.organizationId, input.appointmentId);
    assertMayRun('patientJoinedCall', current);
    const now = ctx.now();
    const item =
      current.patientJoinedAt === null
        ? await patchRow(ctx.db, input.organizationId, current.id, { patientJoinedAt: now, updatedAt: now })
        : toRecord(current);
    const doctor = await ctx.db
      .selectFrom('users')
      .select('idpUserId')
      .where('id', '=', current.doctorId)
      .where('organizationId', '=', input.organizationId)
      // A pending doctor may be booked, but is told nothing until they accept.
      .where('invitationStatus', '=', 'accepted')
      .executeTakeFirst();
    if (!doctor) return { item, notified: false as const, notification: null };
    const notification = await tellAbout(ctx, current, { idpUserId: doctor.idpUserId, role: 'doctor' }, {
      type: 'appointment_patient_joined',
      title: 'Your patient has joined',
      message: `The patient of the appointment on ${current.scheduledDate} at ${current.scheduledTime} has joined the call.`,
      priority: 'high',
      navigationTarget: 'appointment_call',
      dedupeKey: `appointment:${current.id}:patient-joined`,
    });
    return { item, notified: true as const, notification };
  },
});
