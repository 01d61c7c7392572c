import type { Caller } from '../../auth/caller.ts';
import type { Db } from '../../db/database.ts';
import { AppError, validationFailed } from '../../rpc/errors.ts';
import { findLabOrder, type LabOrderRecord } from '../labOrders/labOrders.repo.ts';
import { findPatient } from '../patients/patients.repo.ts';

export interface FileOrder {
  order: LabOrderRecord;
  /** the sign-in identity of the order's patient, when the patient has one */
  patientIdpUserId: string | null;
}

/** The lab order a file is for: it must be an order of the same organization (VALIDATION_FAILED otherwise). */
export async function orderOfFile(db: Db, organizationId: string, labOrderId: string): Promise<FileOrder> {
  const order = await findLabOrder(db, organizationId, labOrderId);
  if (!order) throw validationFailed('labOrderId', 'no such lab order in this organization');
  const patient = await findPatient(db, organizationId, order.patientId);
  return { order, patientIdpUserId: patient?.idpUserId ?? null };
}

/** Is the caller the order's patient (signed in with the patient's own identity)? */
export function isOrdersPatient(caller: Caller, fileOrder: FileOrder): boolean {
  return caller.kind === 'user' && fileOrder.patientIdpUserId !== null && caller.idpUserId === fileOrder.patientIdpUserId;
}

/**
 * A token without user records is a patient's own account (docs/architecture.md): it writes
 * result files only for its own lab orders. Staff (bound to the organization, checked by the
 * tenancy guard), platform admins and anonymous callers of the optional mode are not limited here.
 */
export function assertMayWriteFiles(caller: Caller, fileOrder: FileOrder): void {
  if (caller.kind === 'anonymous' || caller.isPlatformAdmin || caller.memberships.length > 0) return;
  if (!isOrdersPatient(caller, fileOrder)) throw new AppError('FORBIDDEN', "these are another patient's lab orders");
}

/** patientIdpUserId, when given, must be the order's patient's identity (when the patient has one). */
export function checkPatientIdpUserId(given: string | null | undefined, fileOrder: FileOrder): void {
  if (given && fileOrder.patientIdpUserId !== null && given !== fileOrder.patientIdpUserId) {
    throw validationFailed('patientIdpUserId', "must be the idpUserId of the lab order's patient");
  }
}

/** The test of the order a file's testName names (by name, else by code), if any. */
export function testNamed(fileOrder: FileOrder, testName: string | null | undefined) {
  if (!testName) return undefined;
  return fileOrder.order.tests.find((t) => t.name === testName) ?? fileOrder.order.tests.find((t) => t.code === testName);
}
