import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { callerId } from '../../caller/caller.ts';
import { notFound } from '../../values/errors.ts';
import { id, idpUserId, str } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { userRecord } from './users.results.ts';
import { assertMayChangePlatformAdmin } from './users.access.ts';
import { findByIdpUserId, patchById } from './users.repo.ts';

/** Blocks the person in the organization: from the next request on, their token is FORBIDDEN there. */
export const blockUser = defineOperation({
  namespace: 'users',
  name: 'blockUser', audience: member(),
  summary: 'Block a user in an organization',
  writes: true,
  input: z.object({ idpUserId: idpUserId(), organizationId: id(), blockedBy: str().nullish() }),
  output: itemResult(userRecord),
  async handler(ctx, input) {
    const current = await findByIdpUserId(ctx.db, input.idpUserId, input.organizationId);
    if (!current) throw notFound('user');
    const now = ctx.now();
    const changes = { isBlocked: true, blockedAt: now, blockedBy: input.blockedBy ?? callerId(ctx.caller), updatedAt: now };
    assertMayChangePlatformAdmin(ctx, current, { ...current, ...changes });
    return { item: await patchById(ctx.db, current.id, changes) };
  },
});
