import type { Owner } from '../../operations/audience.ts';
import type { Db } from '../../db/database.ts';
import type { Context } from '../../operations/operation.ts';

/**
 * The doctor whose education it is (its users record in the organization, unless blocked there),
 * and the organization whose admins may act for it. A doctor not found leaves only the admins.
 */
async function doctorOwner(db: Db, organizationId: string, doctorId: string | undefined): Promise<Owner> {
  const doctor = doctorId
    ? await db.selectFrom('users').select(['idpUserId', 'isBlocked']).where('id', '=', doctorId).where('organizationId', '=', organizationId).executeTakeFirst()
    : undefined;
  return { idpUserId: doctor && !doctor.isBlocked ? doctor.idpUserId : null, organizationId, named: true };
}

/** `self` owner of a create: the doctor the input names. */
export const ownerOfNewEducation = (input: { organizationId?: string; doctorId?: unknown }, ctx: Context): Promise<Owner> =>
  doctorOwner(ctx.db, input.organizationId!, typeof input.doctorId === 'string' ? input.doctorId : undefined);

/** `self` owner of an update or delete: the doctor of the stored record. */
export async function ownerOfEducation(input: { id: string; organizationId?: string }, ctx: Context): Promise<Owner> {
  const organizationId = input.organizationId!;
  const record = await ctx.db
    .selectFrom('doctorEducation')
    .select('doctorId')
    .where('id', '=', input.id)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  return doctorOwner(ctx.db, organizationId, record?.doctorId);
}
