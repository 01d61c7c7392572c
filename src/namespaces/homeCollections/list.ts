import { everyone } from '../../operations/audience.ts';
import { sql } from 'kysely';
import { z } from 'zod';
import { readPage } from '../../db/paged-list.ts';
import { containsLiteral, containsText } from '../../db/text-search.ts';
import { defineOperation } from '../../operations/operation.ts';
import { filter } from '../../values/fields.ts';
import { out, pageResult } from '../../values/results.ts';
import { categoryId, homeCollections } from './homeCollections.resource.ts';

export const SORT_KEYS = ['orderLevel', 'name', 'createdAt', 'updatedAt'] as const;
export const DEFAULT_PAGE_SIZE = 20;

const size = () => z.int().min(1).max(100);

export const listInput = z
  .object({
    page: filter(z.int().min(1)),
    pageSize: filter(size()),
    limit: filter(size()),
    offset: filter(z.int().min(0).max(1_000_000)),
    /** contains, case-insensitive: name, subTitle, gridTitle, featuredTitle; blank = no search */
    search: filter(z.string().trim().max(200)).transform((v) => v || undefined),
    organizationTypeId: filter(z.string().trim().min(1).max(128)),
    organizationTypeName: filter(z.string().trim().min(1).max(128)),
    platformServiceCategoryId: filter(categoryId()),
    sortBy: filter(z.enum(SORT_KEYS, { error: `must be one of: ${SORT_KEYS.join(', ')}` })).transform((v) => v ?? 'orderLevel'),
    sortOrder: filter(z.enum(['asc', 'desc'])).transform((v) => v ?? 'asc'),
  })
  .superRefine((input, ctx) => {
    if (input.page !== undefined && input.offset !== undefined) ctx.addIssue({ code: 'custom', path: ['offset'], message: 'send page or offset, not both' });
    if (input.pageSize !== undefined && input.limit !== undefined) ctx.addIssue({ code: 'custom', path: ['limit'], message: 'send pageSize or limit, not both' });
  });
type ListInput = z.output<typeof listInput>;

function filtered(db: Parameters<typeof homeCollections.repo.find>[0], input: ListInput) {
  let query = db.selectFrom('homeCollections');
  if (input.organizationTypeId) query = query.where('organizationTypeId', '=', input.organizationTypeId);
  // No organization-type table: a type is named by its id (organizations.type: hospital, clinic, ...).
  if (input.organizationTypeName) query = query.where(sql<string>`lower(${sql.ref('organizationTypeId')})`, '=', input.organizationTypeName.toLowerCase());
  if (input.platformServiceCategoryId) query = query.where(containsLiteral('platformServiceCategoryIds', JSON.stringify(input.platformServiceCategoryId)));
  const search = input.search;
  if (search) query = query.where((eb) => eb.or(['name', 'subTitle', 'gridTitle', 'featuredTitle'].map((c) => containsText(c, search))));
  return query;
}

/**
 * Pages through home collections, by orderLevel (lowest first) unless sortBy says otherwise; ties
 * by id. Paging by `page` / `pageSize` or by `offset` / `limit` (default size 20, at most 100);
 * the answer carries both views: `{ items, total, page, pageSize, totalPages, limit, offset }`.
 */
export const list = defineOperation({
  namespace: 'homeCollections',
  name: 'list', audience: everyone,
  summary: 'Page through home-screen collections with search, filters and sorting',
  input: listInput,
  output: pageResult(homeCollections.schemas.record).extend({ limit: out.int().min(1), offset: out.int().min(0) }),
  async handler(ctx, input) {
    const size = input.limit ?? input.pageSize ?? DEFAULT_PAGE_SIZE;
    const offset = input.offset ?? ((input.page ?? 1) - 1) * size;
    const [rows, count] = await Promise.all([
      readPage(ctx.db, filtered(ctx.db, input).selectAll().orderBy(input.sortBy, input.sortOrder).orderBy('id', input.sortOrder).limit(size).offset(offset), size, homeCollections.repo.freeForm),
      filtered(ctx.db, input).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const total = Number(count.n);
    return {
      items: rows.map((row) => homeCollections.repo.toRecord(row)),
      total,
      page: Math.floor(offset / size) + 1,
      pageSize: size,
      totalPages: Math.ceil(total / size),
      limit: size,
      offset,
    };
  },
});
