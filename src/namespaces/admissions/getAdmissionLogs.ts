import { member } from '../../access/audience.ts';
import { z } from 'zod';
import { id } from '../../rpc/fields.ts';
import { defineOperation, type Context } from '../../rpc/operation.ts';
import { logsOfAdmission } from '../admissionLogs/admissionLogs.repo.ts';
import { reachable } from './actor.ts';
import { organizationOfAdmission } from './admissions.repo.ts';

async function organizationOf(ctx: Context, admissionId: string): Promise<string> {
  return reachable(ctx, await organizationOfAdmission(ctx.db, admissionId), 'admission');
}

/**
 * The admission's log, oldest first: `{ items }`. Only the admission is named: its organization is
 * found from it for the tenancy guard; an unknown admission, or one of an organization the caller
 * is not bound to, is NOT_FOUND.
 */
export const getAdmissionLogs = defineOperation({
  namespace: 'admissions',
  name: 'getAdmissionLogs', audience: member(),
  summary: 'The log of an admission, oldest first',
  input: z.object({ admissionId: id() }),
  organizationOf: (input, ctx) => organizationOf(ctx, input.admissionId),
  async handler(ctx, input) {
    const organizationId = await organizationOf(ctx, input.admissionId);
    return { items: await logsOfAdmission(ctx.db, organizationId, input.admissionId) };
  },
});
