import type { Db } from '../../db/database.ts';
import { found } from '../../values/found.ts';
import { normalizeMobileNumber } from '../auth/auth.public.ts';
import { patients, type PatientRecord } from './patients.resource.ts';
import { NO_LINK } from './patients.linkRequests.ts';

export type { PatientRecord } from './patients.resource.ts';

/** Query functions other namespaces use to reach patients; each takes the handle first. */

export function findPatient(db: Db, organizationId: string, id: string): Promise<PatientRecord | undefined> {
  return patients.repo.find(db, organizationId, id);
}

/** The patient a read names, else NOT_FOUND (`patient not found`; another organization's too). */
export function knownPatient(db: Db, organizationId: string, id: string): Promise<PatientRecord> {
  return found(findPatient(db, organizationId, id), 'patient');
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
    if (row) return patients.repo.toRecord(row);
  }
  return undefined;
}

/**
 * Links the organization's patients with this (normalised) mobile number that no account holds
 * yet to the account, accepted (the account proved the number); records linked to another account,
 * or asked by staff for another account and not expired, stay as they are. A request for this
 * account is accepted with them. Answers the ids linked.
 */
export async function linkByMobileNumber(db: Db, organizationId: string, mobileNumber: string, idpUserId: string, now: number): Promise<string[]> {
  const rows = await db
    .updateTable('patients')
    .set({ ...NO_LINK, idpUserId, updatedAt: now })
    .where('organizationId', '=', organizationId)
    .where('mobileNumber', '=', mobileNumber)
    .where('idpUserId', 'is', null)
    .where((eb) => eb.or([eb('linkPendingIdpUserId', 'is', null), eb('linkPendingIdpUserId', '=', idpUserId), eb('linkExpiresAt', '<=', now)]))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The patient records linked to an account (accepted links), oldest first; optionally of one organization and number. */
export async function patientsLinkedTo(
  db: Db,
  idpUserId: string,
  where: { organizationId?: string; mobileNumber?: string } = {},
): Promise<PatientRecord[]> {
  let query = db.selectFrom('patients').selectAll().where('idpUserId', '=', idpUserId);
  if (where.organizationId !== undefined) query = query.where('organizationId', '=', where.organizationId);
  if (where.mobileNumber !== undefined) query = query.where('mobileNumber', '=', where.mobileNumber);
  const rows = await query.orderBy('organizationId').orderBy('createdAt').orderBy('id').execute();
  return rows.map((row) => patients.repo.toRecord(row));
}
