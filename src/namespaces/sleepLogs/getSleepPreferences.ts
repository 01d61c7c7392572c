import { self } from '../../access/audience.ts';
import { z } from 'zod';
import { assertOwn } from '../../auth/ownership.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { idpUserId } from './fields.ts';
import { defaultPreferences, preferencesOf } from './records.ts';
import { findPreferences } from './sleepLogs.repo.ts';

/** The person's sleep preferences; before the first setup, the defaults in use (`id` and times null, goal 480). */
export const getSleepPreferences = defineOperation({
  namespace: 'sleepLogs',
  name: 'getSleepPreferences', audience: self(),
  summary: "The person's sleep preferences",
  input: z.object({ idpUserId: idpUserId() }),
  async handler(ctx, input) {
    assertOwn(ctx.caller, input.idpUserId);
    const row = await findPreferences(ctx.db, input.idpUserId);
    return row ? preferencesOf(row) : defaultPreferences(input.idpUserId);
  },
});
