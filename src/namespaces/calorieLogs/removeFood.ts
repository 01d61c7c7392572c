import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { notFound } from '../../values/errors.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { dayLogResult } from './calorieLogs.results.ts';
import { deleteEntry, listEntries, lockLog } from './calorieLogs.repo.ts';
import { settle } from './calorieLogs.dayLog.ts';
import { todayOf } from '../pushDevices/pushDevices.public.ts';
import { idpUserId } from '../../values/fields.ts';

/**
 * Removes the entry at `foodIndex` (0 = first added) of today's list; later entries move up one
 * place. foodIndex is optional in the interface: omitted or null removes the last entry added (an
 * undo). A position that does not exist (or no entry today) is NOT_FOUND.
 */
export const removeFood = defineOperation({
  namespace: 'calorieLogs',
  name: 'removeFood', audience: self(ownerByIdentity('idpUserId')),
  summary: "Remove a food entry from today's log by its position",
  writes: true,
  input: z.object({ idpUserId: idpUserId(), foodIndex: z.int().min(0).nullish() }),
  output: itemResult(dayLogResult),
  async handler(ctx, input) {
    const date = await todayOf(ctx, input.idpUserId);
    const log = await lockLog(ctx.db, input.idpUserId, date, ctx.now());
    const entries = log ? await listEntries(ctx.db, log.id) : [];
    const entry = input.foodIndex == null ? entries.at(-1) : entries[input.foodIndex];
    if (!log || !entry) throw notFound(input.foodIndex == null ? "food entry in today's log" : `food entry at position ${String(input.foodIndex)} of today's log`);
    await deleteEntry(ctx.db, entry.id);
    return settle(ctx.db, log);
  },
});
