import { doctorOwner, ownerByNamedDoctor } from '../../access/owners.ts';
import type { Owner } from '../../operations/audience.ts';
import type { Context } from '../../operations/operation.ts';

/** `self` owner of a create: the doctor the input names. */
export const ownerOfNewEducation = ownerByNamedDoctor;

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
