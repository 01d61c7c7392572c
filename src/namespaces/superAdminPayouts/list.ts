import { platform } from '../../operations/audience.ts';
import { z } from 'zod';
import { paging } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { pageAll } from './superAdminPayouts.repo.ts';
import { payouts, statusText } from './superAdminPayouts.resource.ts';

/**
 * The payouts of every organization, newest first. With a token the caller needs platform_admin;
 * without one the interface's optional mode holds (AUTH_MODE=required demands the token).
 * `status` (extension) filters by exact status text; null = no filter.
 */
export const list = defineOperation({
  namespace: 'superAdminPayouts',
  name: 'list', audience: platform,
  summary: 'Page through the payouts of all organizations, newest first (platform_admin when a token is present)',
  input: z.object({ status: statusText().nullish().transform((v) => v ?? undefined), ...paging }),
  output: pageResult(payouts.schemas.record),
  async handler(ctx, input) {
    return pageAll(ctx.db, input.status, input.page, input.pageSize);
  },
});
