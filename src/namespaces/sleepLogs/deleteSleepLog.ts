import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { notFound } from '../../values/errors.ts';
import { id, idpUserId } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deletedResult, deletedAnswer } from '../../values/results.ts';
import { deleteOwnLog } from './sleepLogs.repo.ts';

/**
 * Deletes one of the person's logs. A log id that is not among idpUserId's logs (missing, or
 * another person's) is NOT_FOUND, so its existence is not revealed; naming another person's
 * idpUserId with a token is FORBIDDEN (the own-records rule).
 */
export const deleteSleepLog = defineOperation({
  namespace: 'sleepLogs',
  name: 'deleteSleepLog', audience: self(ownerByIdentity('idpUserId')),
  summary: 'Delete one of the person\'s sleep logs',
  writes: true,
  input: z.object({ idpUserId: idpUserId(), logId: id() }),
  output: deletedResult,
  async handler(ctx, input) {
    if (!(await deleteOwnLog(ctx.db, input.idpUserId, input.logId))) throw notFound('sleep log');
    return deletedAnswer(input.logId);
  },
});
