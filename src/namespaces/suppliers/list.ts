import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, paging } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { pageSuppliers, SORT_FIELDS } from './suppliers.repo.ts';
import { suppliers } from './suppliers.resource.ts';

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
/** null is taken as "no filter", like an omitted field. */
const orUndefined = <T>(v: T | null | undefined) => v ?? undefined;

/**
 * Paged suppliers of an organization. `module` filters by equality; `search` is a case-insensitive
 * "contains" over name, contactPerson, phone, email and gstNumber (blank = none). `sortBy` is one
 * of SORT_FIELDS (default createdAt), `sortOrder` asc or desc in any case (default desc).
 */
export const list = defineOperation({
  namespace: 'suppliers',
  name: 'list', audience: member(),
  summary: 'Page through suppliers with module filter, search and sorting',
  input: z.object({
    organizationId: id(),
    module: z.string().trim().max(100).nullish().transform((v) => v || undefined),
    search: z.string().trim().max(200).nullish().transform((v) => v || undefined),
    sortBy: z.enum(SORT_FIELDS, { error: `must be one of: ${SORT_FIELDS.join(', ')}` }).nullish().transform(orUndefined),
    sortOrder: z.preprocess(lower, z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).nullish()).transform(orUndefined),
    ...paging,
  }),
  output: pageResult(suppliers.schemas.record),
  async handler(ctx, input) {
    return pageSuppliers(
      ctx.db,
      input.organizationId,
      { module: input.module, search: input.search },
      { field: input.sortBy ?? 'createdAt', order: input.sortOrder ?? 'desc' },
      input.page,
      input.pageSize,
      suppliers.repo.toRecord,
    );
  },
});
