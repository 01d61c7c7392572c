import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, idpUserId } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deletedResult, deletedAnswer } from '../../values/results.ts';
import { assertMayChangePlatformAdmin } from './users.access.ts';
import { requireByIdpUserId } from './users.repo.ts';
import { users } from './users.resource.ts';

export const deleteByIdpUserId = defineOperation({
  namespace: 'users',
  name: 'deleteByIdpUserId', audience: member(),
  summary: "Delete a person's user record in an organization",
  writes: true,
  input: z.object({ idpUserId: idpUserId(), organizationId: id() }),
  output: deletedResult,
  async handler(ctx, input) {
    const current = await requireByIdpUserId(ctx.db, input.idpUserId, input.organizationId);
    assertMayChangePlatformAdmin(ctx, current, undefined);
    await users.repo.remove(ctx.db, input.organizationId, current.id);
    return deletedAnswer(current.id);
  },
});
