import { z } from 'zod';
import { organizationOfRecord } from '../../../access/organization.ts';
import { member } from '../../../operations/audience.ts';
import { defineOperation } from '../../../operations/operation.ts';
import { id } from '../../../values/fields.ts';
import { out } from '../../../values/results.ts';
import { ownExport } from './bulk.exports.ts';
import { planOf } from './bulk.plan.ts';

const statusInput = z.object({ organizationId: id().optional(), id: id() });

/**
 * GET /fhir/R4/$export-status/{id}: where an export is; once done, the files of its manifest (the
 * route makes the manifest, their URLs and the 202 / 200 / 500 answers).
 */
export const bulkExportStatus = defineOperation({
  namespace: 'fhir',
  name: 'bulkExportStatus',
  summary: 'The status of a FHIR Bulk Data export, and its files once done (GET /fhir/R4/$export-status/{id})',
  audience: member(),
  permission: 'export',
  tokenRequired: true,
  organizationOf: organizationOfRecord<z.output<typeof statusInput>>('fhirBulkExports', 'id', 'export'),
  input: statusInput,
  output: z.object({
    id: out.id(),
    state: z.enum(['running', 'done', 'failed']),
    /** the kick-off's path and query */
    request: out.text(),
    transactionTime: out.ts(),
    types: out.strings(),
    /** the types written so far */
    typesDone: out.int(),
    /** the resources written so far */
    written: out.int(),
    error: out.text().nullable(),
    expiresAt: out.ts().nullable(),
    /** once done: the files, one per type that has resources */
    output: z.array(z.object({ type: out.text(), count: out.int() })),
  }),
  async handler(ctx, input) {
    const row = await ownExport(ctx, input.id);
    const { types } = planOf(row.types);
    const counts =
      row.state !== 'done'
        ? []
        : await ctx.db
            .selectFrom('fhirBulkExportPages')
            .select(['type', (eb) => eb.fn.sum<number | string>('count').as('count')])
            .where('organizationId', '=', row.organizationId)
            .where('exportId', '=', row.id)
            .groupBy('type')
            .execute();
    const countOf = new Map(counts.map((c) => [c.type, Number(c.count)]));
    return {
      id: row.id,
      state: row.state,
      request: row.request,
      transactionTime: Number(row.transactionTime),
      types,
      typesDone: Math.min(Number(row.typeIndex), types.length),
      written: Number(row.written),
      error: row.state === 'failed' ? row.error : null,
      expiresAt: row.expiresAt === null ? null : Number(row.expiresAt),
      output: types.filter((type) => (countOf.get(type) ?? 0) > 0).map((type) => ({ type, count: countOf.get(type)! })),
    };
  },
});
