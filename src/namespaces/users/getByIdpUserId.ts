import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { callerId } from '../../caller/caller.ts';
import { notFound } from '../../values/errors.ts';
import { id, idpUserId } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { userRecord } from './users.results.ts';
import { organizationsReadBy } from './users.access.ts';
import { allOfIdpUser, requireByIdpUserId } from './users.repo.ts';
import { type UserRecord } from './users.resource.ts';

/**
 * With organizationId: that organization's record of the person. Without: the platform-level
 * record if there is one, else the person's earliest record among those the caller may see (its
 * own records and those of its organizations; a platform admin: all).
 */
export const getByIdpUserId = defineOperation({
  namespace: 'users',
  name: 'getByIdpUserId', audience: member({ spansOrganizations: true }),
  summary: "A person's user record, by the identity provider's user id",
  input: z.object({ idpUserId: idpUserId(), organizationId: id().nullish() }),
  output: itemResult(userRecord),
  async handler(ctx, input) {
    if (input.organizationId) {
      return { item: await requireByIdpUserId(ctx.db, input.idpUserId, input.organizationId) };
    }
    const readable = organizationsReadBy(ctx.caller, getByIdpUserId);
    const visible = (record: UserRecord) =>
      !readable || record.idpUserId === callerId(ctx.caller) || (record.organizationId !== null && readable.includes(record.organizationId));
    const item = (await allOfIdpUser(ctx.db, input.idpUserId)).find(visible);
    if (!item) throw notFound('user');
    return { item };
  },
});
