import type { Db } from '../../db/database.ts';
import { matchingRows } from '../../db/queries/matching-rows.ts';
import { readPage } from '../../db/paged-list.ts';
import type { ChargeRow } from '../admissions/admissions.public.ts';
import { services, type ServiceRecord } from '../services/services.public.ts';

/** Query functions for admissionCharges; each takes the handle first. Rows keep money in minor units. */

export async function insertCharge(db: Db, row: ChargeRow): Promise<ChargeRow> {
  const rows = await db.insertInto('admissionCharges').values(row).returningAll().execute();
  return rows[0]!;
}

export async function findCharge(db: Db, organizationId: string, id: string): Promise<ChargeRow | undefined> {
  return db.selectFrom('admissionCharges').selectAll().where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

/** The charge, not voided, that already charges this reference on the admission. */
export async function activeChargeFor(
  db: Db,
  organizationId: string,
  admissionId: string,
  referenceType: string,
  referenceId: string,
): Promise<ChargeRow | undefined> {
  return matchingRows(db, 'admissionCharges', { organizationId, admissionId, referenceType, referenceId, voidedAt: null }).executeTakeFirst();
}

/** The patient's latest charges over all their admissions in the organization, newest first. */
export async function chargesOfPatient(db: Db, organizationId: string, patientId: string, limit: number): Promise<ChargeRow[]> {
  const query = db
    .selectFrom('admissionCharges')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('patientId', '=', patientId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  return readPage(db, query, limit, FREE_TEXT);
}

/** The free-text columns of a charge, capped by the page budget's reads. */
const FREE_TEXT = ['notes', 'voidReason'];

/**
 * Every charge of the admission in the order applied, read within the page budget: an admission
 * has as many charges as were applied, so they are counted first and read as one page of that size.
 */
export async function listChargesOfAdmission(db: Db, organizationId: string, admissionId: string): Promise<ChargeRow[]> {
  const ofAdmission = db.selectFrom('admissionCharges').where('organizationId', '=', organizationId).where('admissionId', '=', admissionId);
  const { n } = await ofAdmission.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const count = Number(n);
  if (count === 0) return [];
  return readPage(db, ofAdmission.selectAll().orderBy('createdAt', 'asc').orderBy('id', 'asc'), count, FREE_TEXT);
}

/** Marks the charge voided unless it already is (then undefined): one conditional UPDATE, so voiding twice at once voids once. */
export async function markVoided(
  db: Db,
  organizationId: string,
  id: string,
  voided: { voidedAt: number; voidedByUserId: string; voidReason: string },
): Promise<ChargeRow | undefined> {
  const rows = await db
    .updateTable('admissionCharges')
    .set({ ...voided, updatedAt: voided.voidedAt })
    .where('organizationId', '=', organizationId)
    .where('id', '=', id)
    .where('voidedAt', 'is', null)
    .returningAll()
    .execute();
  return rows[0];
}

/** The doctor's active consultation service (category consultation, doctorId = the users record id), the newest if several. */
export async function consultationServiceOf(db: Db, organizationId: string, doctorId: string): Promise<ServiceRecord | undefined> {
  const row = await matchingRows(db, 'services', { organizationId, category: 'consultation', doctorId, isActive: true }, { by: ['createdAt'], direction: 'desc' }).executeTakeFirst();
  return row && services.repo.toRecord(row);
}
