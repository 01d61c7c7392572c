import type { Db } from '../db/database.ts';
import { matchingRows } from '../db/queries/matching-rows.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../values/errors.ts';
import type { Context } from '../operations/operation.ts';
import { self, type Audience, type Owner, type OwnerOf } from '../operations/audience.ts';

/**
 * The owner of a patient record: the account linked to it (patients.idpUserId: accepted links only,
 * a link staff asked for is no link until the account accepts it), and its
 * organization, whose staff with a granted role may act for it. A missing record is NOT_FOUND.
 */
export async function patientOwner(db: Db, patientId: string): Promise<Owner> {
  const row = await db.selectFrom('patients').select(['idpUserId', 'organizationId']).where('id', '=', patientId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'patient not found');
  return { idpUserId: row.idpUserId, organizationId: row.organizationId, named: false };
}

/**
 * The owner of a doctor's own records (education, schedules): the doctor's users record in the
 * organization once accepted (unless blocked there), and the organization whose staff may act for it. A doctor
 * not found leaves only the staff.
 */
export async function doctorOwner(db: Db, organizationId: string, doctorId: string | undefined): Promise<Owner> {
  const doctor = doctorId
    ? await db.selectFrom('users').select(['idpUserId', 'isBlocked', 'invitationStatus']).where('id', '=', doctorId).where('organizationId', '=', organizationId).executeTakeFirst()
    : undefined;
  const owns = doctor !== undefined && !doctor.isBlocked && doctor.invitationStatus === 'accepted';
  return { idpUserId: owns ? doctor.idpUserId : null, organizationId, named: true };
}

/** `self` owner of a create of a doctor's record: the doctor the input names. */
export const ownerByNamedDoctor = (input: { organizationId?: string; doctorId?: unknown }, ctx: Context): Promise<Owner> =>
  doctorOwner(ctx.db, input.organizationId!, typeof input.doctorId === 'string' ? input.doctorId : undefined);

type TablesOfDoctors = {
  [T in keyof Database]: Database[T] extends { id: string; organizationId: string; doctorId: string } ? T : never;
}[keyof Database];

/** `self` owner of an update or delete of a doctor's record in `table`: the doctor of the stored record. */
export function ownerByStoredDoctor(table: TablesOfDoctors): OwnerOf<{ id: string; organizationId?: string }> {
  return async (input, ctx) => {
    const organizationId = input.organizationId!;
    const record = await matchingRows(ctx.db, table, { id: input.id, organizationId }).executeTakeFirst();
    return doctorOwner(ctx.db, organizationId, record?.doctorId);
  };
}

/**
 * The audiences of the generated writes of a doctor's own records in `table` (education,
 * schedules): the doctor the input names creates, the doctor of the stored record updates and
 * deletes; the organization's staff with a granted role may act for either.
 */
export function doctorsOwnWrites(table: TablesOfDoctors): Record<'create' | 'update' | 'delete', Audience<unknown>> {
  const stored = self(ownerByStoredDoctor(table));
  return { create: self(ownerByNamedDoctor), update: stored, delete: stored };
}

/** `self` owner for an operation keyed by a patient record id in `input[key]`. */
export function ownerByPatient<I>(key: keyof I & string): OwnerOf<I> {
  return (input: I, ctx: Context) => patientOwner(ctx.db, input[key] as string);
}

/** `self` owner for an operation keyed by an identity id in `input[key]` (wellness, devices); absent: the caller. */
export function ownerByIdentity<I>(key: keyof I & string): OwnerOf<I> {
  return (input: I, ctx: Context) => {
    const named = input[key];
    const idpUserId = typeof named === 'string' ? named : ctx.caller.kind === 'user' ? ctx.caller.idpUserId : null;
    return { idpUserId, organizationId: null, named: true };
  };
}
