import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { callerId } from '../../caller/caller.ts';
import { id, idpUserId, str } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { userRecord } from './users.results.ts';
import { changeRecordOf } from './users.recordChange.ts';

/** Blocks the person in the organization: from the next request on, their token is FORBIDDEN there. */
export const blockUser = defineOperation({
  namespace: 'users',
  name: 'blockUser', audience: member(),
  summary: 'Block a user in an organization',
  writes: true,
  input: z.object({ idpUserId: idpUserId(), organizationId: id(), blockedBy: str().nullish() }),
  output: itemResult(userRecord),
  handler(ctx, input) {
    return changeRecordOf(ctx, input, (_current, now) => ({ isBlocked: true, blockedAt: now, blockedBy: input.blockedBy ?? callerId(ctx.caller) }));
  },
});
