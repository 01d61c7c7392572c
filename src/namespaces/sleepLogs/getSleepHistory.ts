import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { itemsResult } from '../../values/results.ts';
import { sleepLogResult } from './sleepLogs.results.ts';
import { historyLimit } from './sleepLogs.fields.ts';
import { sleepLogOf } from './sleepLogs.records.ts';
import { recentLogs } from './sleepLogs.repo.ts';
import { idpUserId } from '../../values/fields.ts';

/** The person's `limit` (default 30) most recent sleep logs, newest date first. */
export const getSleepHistory = defineOperation({
  namespace: 'sleepLogs',
  name: 'getSleepHistory', audience: self(ownerByIdentity('idpUserId')),
  summary: "The person's most recent sleep logs, newest first",
  input: z.object({ idpUserId: idpUserId(), limit: historyLimit() }),
  output: itemsResult(sleepLogResult),
  async handler(ctx, input) {
    const rows = await recentLogs(ctx.db, input.idpUserId, input.limit);
    return { items: rows.map(sleepLogOf) };
  },
});
