import type { Db } from '../../db/database.ts';
import { validationFailed } from '../../values/errors.ts';
import { findPatient, type PatientRecord } from '../patients/patients.public.ts';
import { isDoctorOf } from '../services/services.public.ts';

/**
 * The order's patient must be a patient record of the organization, and its doctor (when given) a
 * users record with role doctor there; otherwise VALIDATION_FAILED on the field, never a hint that
 * the record exists in another organization. Checked on create and, on update, when they change
 * (a reference that was valid stays accepted). Returns the patient when it exists, for the
 * results notification.
 */
export async function checkOrderReferences(
  db: Db,
  organizationId: string,
  refs: { patientId: string; doctorId: string | null },
  current?: { patientId: string; doctorId: string | null },
): Promise<PatientRecord | undefined> {
  const patient = await findPatient(db, organizationId, refs.patientId);
  if (!patient && refs.patientId !== current?.patientId) throw validationFailed('patientId', 'no such patient in this organization');
  if (refs.doctorId && refs.doctorId !== current?.doctorId && !(await isDoctorOf(db, organizationId, refs.doctorId))) {
    throw validationFailed('doctorId', 'must be the id of a user record with role doctor in this organization');
  }
  return patient;
}
