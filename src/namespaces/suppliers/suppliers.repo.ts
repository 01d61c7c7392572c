import { pageOfQuery } from '../../db/paged-list.ts';
import { sortedBy } from '../../db/ordering.ts';
import type { Db } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';
import type { Page } from '../../values/paging.ts';
import type { Selectable } from 'kysely';
import type { SuppliersTable } from './suppliers.table.ts';

/** Query functions for suppliers; each takes the handle first. */

export const SORT_FIELDS = ['createdAt', 'updatedAt', 'name', 'contactPerson', 'module'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
const TEXT_SORTS: ReadonlySet<SortField> = new Set(['name', 'contactPerson', 'module']);
const NOT_NULL_SORTS: ReadonlySet<SortField> = new Set(['createdAt', 'updatedAt', 'name']);

export interface SupplierRow {
  id: string;
  organizationId: string;
  name: string;
  isActive: boolean | number;
}

/** The organization's supplier `id`, if it is one. */
export async function findSupplier(db: Db, organizationId: string, id: string): Promise<SupplierRow | undefined> {
  return db.selectFrom('suppliers').select(['id', 'organizationId', 'name', 'isActive']).where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

/** How many inventory items of the organization name the supplier. */
export async function itemsSuppliedBy(db: Db, organizationId: string, supplierId: string): Promise<number> {
  const row = await db
    .selectFrom('inventoryItems')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organizationId', '=', organizationId)
    .where('supplierId', '=', supplierId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface SupplierFilter {
  module?: string | undefined;
  search?: string | undefined;
}

/** One page of suppliers; text sorts are case-insensitive, nulls last in both directions, id breaks ties. */
export async function pageSuppliers<R>(
  db: Db,
  organizationId: string,
  filter: SupplierFilter,
  sort: { field: SortField; order: 'asc' | 'desc' },
  page: number,
  pageSize: number,
  toRecord: (row: Selectable<SuppliersTable>) => R,
): Promise<Page<R>> {
  let base = db.selectFrom('suppliers').where('organizationId', '=', organizationId);
  if (filter.module !== undefined) base = base.where('module', '=', filter.module);
  const search = filter.search;
  if (search) {
    base = base.where((eb) =>
      eb.or(['name', 'contactPerson', 'phone', 'email', 'gstNumber'].map((column) => containsText(column, search))),
    );
  }
  const order = sortedBy(sort.field, sort.order, { caseless: TEXT_SORTS.has(sort.field), nullable: !NOT_NULL_SORTS.has(sort.field) });
  return pageOfQuery(db, ['suppliers'], base, base.selectAll().orderBy(order), page, pageSize, toRecord);
}
