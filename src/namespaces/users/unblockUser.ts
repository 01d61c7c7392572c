import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, idpUserId } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { userRecord } from './users.results.ts';
import { changeRecordOf } from './users.recordChange.ts';

export const unblockUser = defineOperation({
  namespace: 'users',
  name: 'unblockUser', audience: member(),
  summary: 'Unblock a user in an organization',
  writes: true,
  input: z.object({ idpUserId: idpUserId(), organizationId: id() }),
  output: itemResult(userRecord),
  handler(ctx, input) {
    return changeRecordOf(ctx, input, () => ({ isBlocked: false, blockedAt: null, blockedBy: null }));
  },
});
