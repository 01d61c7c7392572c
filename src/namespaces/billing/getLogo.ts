import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { id } from '../../values/fields.ts';
import { currentLogo, logoRecord } from './billing.logos.ts';

/** The logo the organization prints now: what it is (type, size, hash), not its bytes; null: none. */
export const getLogo = defineOperation({
  namespace: 'billing',
  name: 'getLogo',
  audience: member(),
  summary: 'The logo printed on the documents issued now: its type, size and hash (not the image); null when there is none',
  input: z.object({ organizationId: id() }),
  output: z.object({ item: logoRecord.nullable() }),
  async handler(ctx, input) {
    return { item: await currentLogo(ctx.db, input.organizationId) };
  },
});
