import { z } from 'zod';
import { notFound } from '../../rpc/errors.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { deleteEntry, listEntries, lockLog } from './calorieLogs.repo.ts';
import { ownToday, settle } from './dayLog.ts';
import { idpUserId } from './fields.ts';

/**
 * Removes the entry at `foodIndex` (0 = first added) of today's list; later entries move up one
 * place. A position that does not exist (or no log today) is NOT_FOUND.
 */
export const removeFood = defineOperation({
  namespace: 'calorieLogs',
  name: 'removeFood',
  summary: "Remove a food entry from today's log by its position",
  writes: true,
  input: z.object({ idpUserId: idpUserId(), foodIndex: z.int().min(0) }),
  async handler(ctx, input) {
    const date = await ownToday(ctx, input.idpUserId);
    const log = await lockLog(ctx.db, input.idpUserId, date, ctx.now());
    const entry = log ? (await listEntries(ctx.db, log.id))[input.foodIndex] : undefined;
    if (!log || !entry) throw notFound(`food entry at position ${String(input.foodIndex)} of today's log`);
    await deleteEntry(ctx.db, entry.id);
    return settle(ctx.db, log);
  },
});
