import { self } from '../../access/audience.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { assertPlatformWide } from '../users/users.access.ts';
import { organizations } from './organizations.resource.ts';

/**
 * Creating an organization is a platform act: a caller bound to an organization needs
 * platform_admin. Without a token (optional mode), or with a token that has no user records, it is
 * allowed, as every other operation is.
 */
export const create = defineOperation({
  namespace: 'organizations',
  name: 'create', audience: self(),
  summary: 'Create an organization (a caller bound to an organization needs platform_admin)',
  writes: true,
  input: organizations.schemas.create,
  async handler(ctx, input) {
    assertPlatformWide(ctx, 'creating an organization');
    return { item: await organizations.repo.insert(ctx.db, await organizations.repo.build(ctx, input)) };
  },
});
