import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { assertMayChangePlatformAdmin } from './users.access.ts';
import { users } from './users.resource.ts';

export const remove = defineOperation({
  namespace: 'users',
  name: 'delete', audience: member(),
  summary: 'Delete a user record of an organization',
  writes: true,
  input: users.schemas.key,
  async handler(ctx, input) {
    const current = await users.repo.get(ctx.db, input.organizationId, input.id);
    assertMayChangePlatformAdmin(ctx, current, undefined);
    await users.repo.remove(ctx.db, input.organizationId, input.id);
    return { id: input.id, deleted: true };
  },
});
