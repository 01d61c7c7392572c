import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { newId } from '../../values/ids.ts';
import { defineOperation } from '../../operations/operation.ts';
import { sleepPreferencesResult } from './sleepLogs.results.ts';
import { clockTime, goalMinutes } from './sleepLogs.fields.ts';
import { nextPreferences } from './sleepLogs.preferences.ts';
import { preferencesOf } from './sleepLogs.records.ts';
import { findPreferences, savePreferences } from './sleepLogs.repo.ts';
import { idpUserId } from '../../values/fields.ts';

/** Sets up or changes the person's sleep preferences; answers the "sleep preferences" shape. */
export const updateSleepPreferences = defineOperation({
  namespace: 'sleepLogs',
  name: 'updateSleepPreferences', audience: self(ownerByIdentity('idpUserId')),
  summary: 'Set up or change sleep and wake times, the sleep goal and the reminder switches',
  writes: true,
  input: z.object({
    idpUserId: idpUserId(),
    sleepTime: clockTime().optional(),
    wakeTime: clockTime().optional(),
    sleepReminderEnabled: z.boolean().nullish(),
    wakeReminderEnabled: z.boolean().nullish(),
    // The bound is checked whether or not the override is switched on.
    sleepGoalMinutes: goalMinutes().nullish(),
    allowManualGoalUpdate: z.boolean().optional(),
  }),
  output: sleepPreferencesResult,
  async handler(ctx, input) {
    const current = await findPreferences(ctx.db, input.idpUserId);
    const values = nextPreferences(current, input);
    const now = ctx.now();
    const row = await savePreferences(
      ctx.db,
      { id: current?.id ?? newId(), idpUserId: input.idpUserId, ...values, createdAt: current?.createdAt ?? now, updatedAt: now },
      values,
      now,
    );
    return preferencesOf(row);
  },
});
