import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { findPatient, patients } from '../patients/patients.public.ts';
import { getRow, toRecord, visitsOf } from './appointments.repo.ts';
import { out } from '../../values/results.ts';
import { appointmentRecord } from './appointments.results.ts';
import { byPatientId, isPatient, readRecord } from '../../operations/reads.ts';

/** How many of the most recent visits are listed; `totalVisits` counts them all. */
const VISITS_SHOWN = 50;

/** A visit names its patient (the read log). */
type Visit = { id: string; patientId: string };

/**
 * The appointment's patient (null if the patient record was deleted) with their visit history in
 * this organization only: the latest 50 appointments (this one among them), newest first, and their total.
 */
export const getPatientDetails = defineOperation({
  namespace: 'appointments',
  name: 'getPatientDetails', audience: member(), readsPatientData: true,
  reads: {
    records: (result: { patient: { id: string } | null; appointment: Visit; visits: Visit[] }) => [
      ...(result.patient ? [readRecord(result.patient, isPatient)] : []),
      ...[result.appointment, ...result.visits].map((visit) => readRecord(visit, byPatientId)),
    ],
  },
  summary: 'The appointment\'s patient with this organization\'s visit history',
  input: z.object({ appointmentId: id(), organizationId: id() }),
  output: z.object({ patient: patients.schemas.record.nullable(), appointment: appointmentRecord, visits: z.array(appointmentRecord), totalVisits: out.int() }),
  async handler(ctx, input) {
    const appointment = toRecord(await getRow(ctx.db, input.organizationId, input.appointmentId));
    const [patient, visits] = await Promise.all([
      findPatient(ctx.db, input.organizationId, appointment.patientId),
      visitsOf(ctx.db, input.organizationId, appointment.patientId, VISITS_SHOWN),
    ]);
    return { patient: patient ?? null, appointment, visits: visits.items, totalVisits: visits.total };
  },
});
