import type { Owner } from '../../operations/audience.ts';
import type { Context } from '../../operations/operation.ts';
import { getInOrganization } from './pushDevices.repo.ts';

/**
 * `self` owner of the device `id` in the organization named: the account that registered it, and
 * that organization's staff with a granted role (its admins). A device not in that organization
 * (missing, or its owner has no user record there) is NOT_FOUND, and so is it for anyone else.
 */
export async function deviceOwner(input: { id: string; organizationId: string }, ctx: Context): Promise<Owner> {
  const device = await getInOrganization(ctx.db, input.organizationId, input.id);
  return { idpUserId: device.idpUserId, organizationId: input.organizationId, named: false };
}
