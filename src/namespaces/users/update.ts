import { member } from '../../access/audience.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { assertMayChangePlatformAdmin } from './users.access.ts';
import { users } from './users.resource.ts';

/** Omitted fields are unchanged, null clears; idpUserId, email and role cannot be cleared; roles null = only the role. */
export const update = defineOperation({
  namespace: 'users',
  name: 'update', audience: member(),
  summary: 'Update a user record of an organization',
  writes: true,
  input: users.schemas.update,
  async handler(ctx, input) {
    const current = await users.repo.get(ctx.db, input.organizationId, input.id);
    const { record, changes } = await users.repo.merge(ctx, current, input);
    assertMayChangePlatformAdmin(ctx, current, record);
    return { item: await users.repo.patch(ctx.db, input.organizationId, input.id, changes) };
  },
});
