import { self } from '../../access/audience.ts';
import { z } from 'zod';
import { assertOwn } from '../../auth/ownership.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { historyLimit, idpUserId } from './fields.ts';
import { sleepLogOf } from './records.ts';
import { recentLogs } from './sleepLogs.repo.ts';

/** The person's `limit` (default 30) most recent sleep logs, newest date first. */
export const getSleepHistory = defineOperation({
  namespace: 'sleepLogs',
  name: 'getSleepHistory', audience: self(),
  summary: "The person's most recent sleep logs, newest first",
  input: z.object({ idpUserId: idpUserId(), limit: historyLimit() }),
  async handler(ctx, input) {
    assertOwn(ctx.caller, input.idpUserId);
    const rows = await recentLogs(ctx.db, input.idpUserId, input.limit);
    return { items: rows.map(sleepLogOf) };
  },
});
