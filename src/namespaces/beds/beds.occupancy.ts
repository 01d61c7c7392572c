import type { Db } from '../../db/database.ts';
import { AppError } from '../../values/errors.ts';
import { asBed, beds, type BedRecord } from './beds.resource.ts';

/**
 * A bed is OCCUPIED exactly while an admission holds it. These are the only writes that make a bed
 * OCCUPIED or free it; the admissions operations call them in their own transaction, so the bed
 * and the admission change together or not at all.
 */

/**
 * Gives the bed to the admission: one conditional UPDATE that succeeds only on an active bed of
 * the organization that is AVAILABLE, or RESERVED for this very admission. Two admissions racing
 * for one bed: the database runs the two UPDATEs one after the other (row lock on PostgreSQL, one
 * writer on SQLite), and the second finds the bed OCCUPIED and changes nothing. Refusals are CONFLICT.
 */
export async function claimBed(db: Db, organizationId: string, bedId: string, admissionId: string, now: number): Promise<BedRecord> {
  const rows = await db
    .updateTable('beds')
    .set({ status: 'OCCUPIED', currentAdmissionId: admissionId, updatedAt: now })
    .where('id', '=', bedId)
    .where('organizationId', '=', organizationId)
    .where('isActive', '=', true)
    .where((eb) => eb.or([eb('status', '=', 'AVAILABLE'), eb.and([eb('status', '=', 'RESERVED'), eb('currentAdmissionId', '=', admissionId)])]))
    .returningAll()
    .execute();
  if (rows[0]) return asBed(beds.repo.toRecord(rows[0]));
  throw await refusal(db, organizationId, bedId);
}

async function refusal(db: Db, organizationId: string, bedId: string): Promise<AppError> {
  const bed = await beds.repo.find(db, organizationId, bedId);
  // A bed of another organization reads as missing: its existence is not told.
  if (!bed) return new AppError('CONFLICT', 'no such bed in this organization');
  if (bed.isActive !== true) return new AppError('CONFLICT', `bed ${String(bed.displayName)} is inactive`);
  const reason = bed.status === 'RESERVED' ? 'RESERVED for another admission' : String(bed.status);
  return new AppError('CONFLICT', `bed ${String(bed.displayName)} is not available: it is ${reason}`);
}

/**
 * Frees the bed the admission holds: AVAILABLE, or CLEANING where the organization has housekeeping.
 * Changes nothing when the admission does not hold it. Returns whether it freed the bed.
 */
export async function releaseBed(db: Db, organizationId: string, bedId: string, admissionId: string, housekeeping: boolean, now: number): Promise<boolean> {
  const result = await db
    .updateTable('beds')
    .set({ status: housekeeping ? 'CLEANING' : 'AVAILABLE', currentAdmissionId: null, updatedAt: now })
    .where('id', '=', bedId)
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'OCCUPIED')
    .where('currentAdmissionId', '=', admissionId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Beds still RESERVED for the admission become AVAILABLE (it got a bed, ended, or is deleted). */
export async function releaseReservations(db: Db, organizationId: string, admissionId: string, now: number): Promise<void> {
  await db
    .updateTable('beds')
    .set({ status: 'AVAILABLE', currentAdmissionId: null, updatedAt: now })
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'RESERVED')
    .where('currentAdmissionId', '=', admissionId)
    .execute();
}
