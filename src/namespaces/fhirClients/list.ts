import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { id } from '../../values/fields.ts';
import { itemsResult } from '../../values/results.ts';
import { clientOf, fhirClientResult } from './fhirClients.records.ts';

/** The organization's backend clients of the FHIR API, revoked ones included, newest first. Admins only (the role table). */
export const list = defineOperation({
  namespace: 'fhirClients',
  name: 'list', audience: member(), tokenRequired: true,
  summary: "The organization's backend clients of the FHIR API",
  input: z.object({ organizationId: id() }),
  output: itemsResult(fhirClientResult),
  async handler(ctx, input) {
    // An organization registers a handful of integrations: the list is not paged, but bounded.
    const rows = await ctx.db.selectFrom('fhirClients').selectAll().where('organizationId', '=', input.organizationId).orderBy('id', 'desc').limit(1000).execute();
    return { items: rows.map(clientOf) };
  },
});
