import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { id } from '../../values/fields.ts';
import { out } from '../../values/results.ts';
import { removeCurrentLogo } from './billing.logos.ts';

/** Documents issued from now on have no logo; those issued before keep theirs (docs/billing.md, "The logo"). */
export const removeLogo = defineOperation({
  namespace: 'billing',
  name: 'removeLogo',
  audience: member(),
  summary: 'Print no logo on the documents issued from now on (those issued before keep theirs)',
  writes: true,
  input: z.object({ organizationId: id() }),
  output: z.object({ removed: out.bool().describe('whether there was a logo') }),
  async handler(ctx, input) {
    return { removed: await removeCurrentLogo(ctx.db, input.organizationId, ctx.now()) };
  },
});
