import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { id } from '../../values/fields.ts';
import { itemResult } from '../../values/results.ts';
import { decodeLogo, logoInput, logoRecord, setCurrentLogo, type LogoRecord } from './billing.logos.ts';

/**
 * Sets the logo printed on the documents the organization issues from now on (docs/billing.md,
 * "The logo"): a PNG or JPEG read from its own bytes. Documents issued before keep theirs.
 */
export const setLogo = defineOperation({
  namespace: 'billing',
  name: 'setLogo',
  audience: member(),
  summary: 'Set the logo printed on the documents issued from now on (PNG or JPEG, base64, at most 200 KB, 16 to 2000 pixels a side)',
  writes: true,
  input: z.object({ organizationId: id(), image: logoInput() }),
  output: itemResult(logoRecord),
  subject: (result: { item: LogoRecord }) => ({ recordId: result.item.sha256, organizationId: result.item.organizationId }),
  async handler(ctx, input) {
    const logo = decodeLogo(input.image);
    return { item: await setCurrentLogo(ctx.db, input.organizationId, logo, ctx.now()) };
  },
});
