import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { notFound } from '../../values/errors.ts';
import { id, idpUserId } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { userRecord } from './users.results.ts';
import { assertMayChangePlatformAdmin } from './users.access.ts';
import { findByIdpUserId, patchById } from './users.repo.ts';

export const unblockUser = defineOperation({
  namespace: 'users',
  name: 'unblockUser', audience: member(),
  summary: 'Unblock a user in an organization',
  writes: true,
  input: z.object({ idpUserId: idpUserId(), organizationId: id() }),
  output: itemResult(userRecord),
  async handler(ctx, input) {
    const current = await findByIdpUserId(ctx.db, input.idpUserId, input.organizationId);
    if (!current) throw notFound('user');
    const changes = { isBlocked: false, blockedAt: null, blockedBy: null, updatedAt: ctx.now() };
    assertMayChangePlatformAdmin(ctx, current, { ...current, ...changes });
    return { item: await patchById(ctx.db, current.id, changes) };
  },
});
