import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { sleepPreferencesResult } from './sleepLogs.results.ts';
import { defaultPreferences, preferencesOf } from './sleepLogs.records.ts';
import { findPreferences } from './sleepLogs.repo.ts';
import { idpUserId } from '../../values/fields.ts';

/** The person's sleep preferences; before the first setup, the defaults in use (`id` and times null, goal 480). */
export const getSleepPreferences = defineOperation({
  namespace: 'sleepLogs',
  name: 'getSleepPreferences', audience: self(ownerByIdentity('idpUserId')),
  summary: "The person's sleep preferences",
  input: z.object({ idpUserId: idpUserId() }),
  output: sleepPreferencesResult,
  async handler(ctx, input) {
    const row = await findPreferences(ctx.db, input.idpUserId);
    return row ? preferencesOf(row) : defaultPreferences(input.idpUserId);
  },
});
