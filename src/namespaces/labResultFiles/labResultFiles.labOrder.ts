import type { Owner, OwnerOf } from '../../operations/audience.ts';
import type { Caller } from '../../caller/caller.ts';
import type { Db } from '../../db/database.ts';
import { matchingRows } from '../../db/queries/matching-rows.ts';
import { notFound, validationFailed } from '../../values/errors.ts';
import { findLabOrder, type LabOrderRecord } from '../labOrders/labOrders.public.ts';
import { findPatient } from '../patients/patients.public.ts';

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

/**
 * `self` owner of a lab order's files: the account linked to the order's patient record, and the
 * order's organization. With organizationId named, an order not of that organization has no
 * owner (its staff pass and find nothing; others are FORBIDDEN); without, the dispatcher already
 * found the order (organizationOfRecord), else it is NOT_FOUND.
 */
export const ownerOfLabOrder: OwnerOf<{ labOrderId: string; organizationId?: string | null | undefined }> = async (input, ctx): Promise<Owner> => {
  const named = input.organizationId ?? undefined;
  let query = ctx.db
    .selectFrom('labOrders')
    .leftJoin('patients', (join) => join.onRef('patients.id', '=', 'labOrders.patientId').onRef('patients.organizationId', '=', 'labOrders.organizationId'))
    .select(['labOrders.organizationId', 'patients.idpUserId'])
    .where('labOrders.id', '=', input.labOrderId);
  if (named !== undefined) query = query.where('labOrders.organizationId', '=', named);
  const row = await query.executeTakeFirst();
  if (!row && named === undefined) throw notFound('lab order');
  return { idpUserId: row?.idpUserId ?? null, organizationId: row?.organizationId ?? named!, named: named !== undefined };
};

/** `self` owner of a result file (getById): the owner of its lab order. */
export const ownerOfResultFile: OwnerOf<{ id: string; organizationId: string }> = async (input, ctx) => {
  const file = await matchingRows(ctx.db, 'labResultFiles', { organizationId: input.organizationId, id: input.id }).executeTakeFirst();
  return ownerOfLabOrder({ labOrderId: file?.labOrderId ?? '', organizationId: input.organizationId }, ctx);
};

/**
 * `self` owner of listByOrganization: with a labOrderId, the owner of that order, so a linked
 * patient lists the files of its own order; without, nobody's own (the organization's staff only).
 */
export const ownerOfResultList: OwnerOf<{ organizationId: string; labOrderId?: string | null | undefined }> = (input, ctx) =>
  input.labOrderId
    ? ownerOfLabOrder({ labOrderId: input.labOrderId, organizationId: input.organizationId }, ctx)
    : { idpUserId: null, organizationId: input.organizationId, named: true };
