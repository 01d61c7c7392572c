import type { Db } from '../../db/database.ts';
import { normalizeMobileNumber } from '../auth/auth.fields.ts';
import { asPatient, patients, type PatientRecord } from './patients.resource.ts';

export type { PatientRecord } from './patients.resource.ts';

/** Query functions other namespaces use to reach patients; each takes the handle first. */

export async function findPatient(db: Db, organizationId: string, id: string): Promise<PatientRecord | undefined> {
  const found = await patients.repo.find(db, organizationId, id);
  return found && asPatient(found);
}

/**
 * The patient of the organization with this mobile number, else with this email (both normalised
 * as stored): the earliest registered when several share it (a family's number). Undefined when
 * neither matches or neither is given.
 */
export async function findPatientByContact(
  db: Db,
  organizationId: string,
  contact: { mobileNumber?: string | null | undefined; email?: string | null | undefined },
): Promise<PatientRecord | undefined> {
  const keys = [
    ['mobileNumber', contact.mobileNumber ? normalizeMobileNumber(contact.mobileNumber) : undefined],
    ['email', contact.email?.trim().toLowerCase() || undefined],
  ] as const;
  for (const [column, value] of keys) {
    if (!value) continue;
    const row = await db
      .selectFrom('patients')
      .selectAll()
      .where('organizationId', '=', organizationId)
      .where(column, '=', value)
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst();
    if (row) return asPatient(patients.repo.toRecord(row));
  }
  return undefined;
}
