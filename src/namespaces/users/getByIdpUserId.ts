import { member } from '../../access/audience.ts';
import { z } from 'zod';
import { notFound } from '../../rpc/errors.ts';
import { id } from '../../rpc/fields.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { mayReadUnnamed } from './users.access.ts';
import { allOfIdpUser, findByIdpUserId } from './users.repo.ts';
import { idpUserId } from './users.resource.ts';

/**
 * With organizationId: that organization's record of the person. Without: the platform-level
 * record if there is one, else the person's earliest record among those the caller may see
 * (a caller bound to organizations sees its own records and those of its organizations).
 */
export const getByIdpUserId = defineOperation({
  namespace: 'users',
  name: 'getByIdpUserId', audience: member(),
  summary: "A person's user record, by the identity provider's user id",
  input: z.object({ idpUserId: idpUserId(), organizationId: id().nullish() }),
  async handler(ctx, input) {
    const item = input.organizationId
      ? await findByIdpUserId(ctx.db, input.idpUserId, input.organizationId)
      : (await allOfIdpUser(ctx.db, input.idpUserId)).find((r) => mayReadUnnamed(ctx, r));
    if (!item) throw notFound('user');
    return { item };
  },
});
