import type { Db } from '../../db/database.ts';
import { validationFailed } from '../../values/errors.ts';
import type { AdmissionRecord } from './admissions.resource.ts';
import { findPatient } from '../patients/patients.public.ts';
import { isDoctorOf } from '../services/services.public.ts';

/** Fields naming a users record of the organization (any role). */
const USER_FIELDS = ['confirmedByUserId', 'billingClearedByUserId', 'advanceCollectedByUserId', 'firstCareStartedByNurseId', 'cancelledByUserId'] as const;
/** Fields naming a users record of the organization with role doctor. */
const DOCTOR_FIELDS = ['admittingDoctorId', 'dischargingDoctorId'] as const;

async function isUserOf(db: Db, organizationId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('organizationId', '=', organizationId).where('id', '=', userId).executeTakeFirst();
  return !!row;
}

/**
 * The records an admission names must be the organization's own: the patient, the doctors (users
 * records with role doctor) and the people (users records). Checked on create and when they change,
 * before the service fills any actor in itself. appointmentId and consultationId are kept as sent.
 */
export async function checkReferences(db: Db, record: AdmissionRecord, current: AdmissionRecord | undefined): Promise<void> {
  const organizationId = record.organizationId;
  const changed = (field: keyof AdmissionRecord) => record[field] !== null && record[field] !== undefined && record[field] !== current?.[field];
  if (changed('patientId') && !(await findPatient(db, organizationId, record.patientId))) {
    throw validationFailed('patientId', 'no such patient in this organization');
  }
  for (const field of DOCTOR_FIELDS) {
    if (changed(field) && !(await isDoctorOf(db, organizationId, record[field]!))) {
      throw validationFailed(field, 'must be the id of a user record with role doctor in this organization');
    }
  }
  for (const field of USER_FIELDS) {
    if (changed(field) && !(await isUserOf(db, organizationId, record[field]!))) {
      throw validationFailed(field, 'must be the id of a user record of this organization');
    }
  }
}

/** A ward and room given without a bed: the organization's, the room in the ward (the ward filled from the room). */
export async function checkWardAndRoom(db: Db, record: AdmissionRecord): Promise<AdmissionRecord> {
  const organizationId = record.organizationId;
  let wardId = record.wardId;
  const roomId = record.roomId;
  if (roomId) {
    const room = await db.selectFrom('rooms').select('wardId').where('organizationId', '=', organizationId).where('id', '=', roomId).executeTakeFirst();
    if (!room) throw validationFailed('roomId', 'no such room in this organization');
    if (wardId && wardId !== room.wardId) throw validationFailed('wardId', 'must be the ward of the room');
    wardId = room.wardId;
  }
  if (wardId && !roomId) {
    const ward = await db.selectFrom('wards').select('id').where('organizationId', '=', organizationId).where('id', '=', wardId).executeTakeFirst();
    if (!ward) throw validationFailed('wardId', 'no such ward in this organization');
  }
  return { ...record, wardId };
}
