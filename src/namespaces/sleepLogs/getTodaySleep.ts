import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { todaySleepResult } from './sleepLogs.results.ts';
import { todaySleepOf } from './sleepLogs.records.ts';
import { todayOf } from '../pushDevices/pushDevices.public.ts';
import { logOn } from '../../db/daily-logs.ts';
import { goalOf } from './sleepLogs.repo.ts';
import { idpUserId } from '../../values/fields.ts';

/** The log dated today in the interface's "sleep log of today" shape; without one, the log fields are null. */
export const getTodaySleep = defineOperation({
  namespace: 'sleepLogs',
  name: 'getTodaySleep', audience: self(ownerByIdentity('idpUserId')),
  summary: "The person's sleep log of today",
  input: z.object({ idpUserId: idpUserId() }),
  output: todaySleepResult,
  async handler(ctx, input) {
    const today = await todayOf(ctx, input.idpUserId);
    const row = await logOn(ctx.db, 'sleepLogs', input.idpUserId, today);
    return todaySleepOf(input.idpUserId, today, row, await goalOf(ctx.db, input.idpUserId));
  },
});
