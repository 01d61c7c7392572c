import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { notFound } from '../../values/errors.ts';
import { id, idpUserId } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deletedResult, deletedAnswer } from '../../values/results.ts';
import { assertMayChangePlatformAdmin } from './users.access.ts';
import { findByIdpUserId } from './users.repo.ts';
import { users } from './users.resource.ts';

export const deleteByIdpUserId = defineOperation({
  namespace: 'users',
  name: 'deleteByIdpUserId', audience: member(),
  summary: "Delete a person's user record in an organization",
  writes: true,
  input: z.object({ idpUserId: idpUserId(), organizationId: id() }),
  output: deletedResult,
  async handler(ctx, input) {
    const current = await findByIdpUserId(ctx.db, input.idpUserId, input.organizationId);
    if (!current) throw notFound('user');
    assertMayChangePlatformAdmin(ctx, current, undefined);
    await users.repo.remove(ctx.db, input.organizationId, current.id);
    return deletedAnswer(current.id);
  },
});
