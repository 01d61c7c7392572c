import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { notFound } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { itemResult } from '../../values/results.ts';
import { clientOf, fhirClientResult } from './fhirClients.records.ts';

/**
 * Revokes a backend client: from then on it gets no token, and the tokens it holds are refused
 * (each request reads the registration). Revoking a revoked client changes nothing. Admins only.
 */
export const revoke = defineOperation({
  namespace: 'fhirClients',
  name: 'revoke', audience: member(), writes: true, tokenRequired: true,
  summary: 'Revoke a backend client of the FHIR API: no more tokens, and its tokens are refused',
  input: z.object({ organizationId: id(), id: id() }),
  output: itemResult(fhirClientResult),
  async handler(ctx, input) {
    const now = ctx.now();
    const inOrganization = ctx.db.updateTable('fhirClients').where('organizationId', '=', input.organizationId).where('id', '=', input.id);
    await inOrganization.where('revokedAt', 'is', null).set({ revokedAt: now, updatedAt: now }).execute();
    const row = await ctx.db.selectFrom('fhirClients').selectAll().where('organizationId', '=', input.organizationId).where('id', '=', input.id).executeTakeFirst();
    if (!row) throw notFound('backend client');
    return { item: clientOf(row) };
  },
});
