import type { Selectable } from 'kysely';
import type { Context } from '../../../operations/operation.ts';
import { notFound } from '../../../values/errors.ts';
import { exporterOf } from './bulk.access.ts';
import type { FhirBulkExportsTable } from './bulk.table.ts';
import { planOf } from './bulk.plan.ts';
import { isExportable } from './bulk.types.ts';

export type BulkExportRow = Selectable<FhirBulkExportsTable>;

/**
 * The export `id` of the organization the call concerns, if the caller may see it: the one who
 * asked for it, still holding the right to export (bulk.access.ts). Anyone else: NOT_FOUND, so
 * that another's exports are not known to exist. An expired one is gone already.
 */
export async function ownExport(ctx: Context, id: string): Promise<BulkExportRow> {
  const row = ctx.organizationId === null ? undefined : await ctx.db.selectFrom('fhirBulkExports').selectAll().where('organizationId', '=', ctx.organizationId).where('id', '=', id).executeTakeFirst();
  if (!row || (row.expiresAt !== null && row.expiresAt <= ctx.now())) throw notFound('export');
  if (row.requestedBy !== exporterOf(ctx, planOf(row.types).types.filter(isExportable))) throw notFound('export');
  return row;
}
