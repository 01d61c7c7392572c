import type { Context } from '../../operations/operation.ts';
import { assertMayChangePlatformAdmin } from './users.access.ts';
import { patchById, requireByIdpUserId } from './users.repo.ts';
import type { UserRecord } from './users.resource.ts';

/**
 * Changes the person's record in the organization (blockUser, unblockUser, updateRoles): NOT_FOUND
 * without one; a change of the platform-admin role's effect only by a platform admin
 * (users.access.ts); updatedAt is now. Answers the record as changed.
 */
export async function changeRecordOf(
  ctx: Context,
  person: { idpUserId: string; organizationId: string },
  changesOf: (current: UserRecord, now: number) => Partial<UserRecord>,
): Promise<{ item: UserRecord }> {
  const current = await requireByIdpUserId(ctx.db, person.idpUserId, person.organizationId);
  const now = ctx.now();
  const changes = { ...changesOf(current, now), updatedAt: now };
  assertMayChangePlatformAdmin(ctx, current, { ...current, ...changes });
  return { item: await patchById(ctx.db, current.id, changes) };
}
