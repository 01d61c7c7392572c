import { z } from 'zod';
import { organizationOfRecord } from '../../../access/organization.ts';
import { member } from '../../../operations/audience.ts';
import { defineOperation } from '../../../operations/operation.ts';
import { id } from '../../../values/fields.ts';
import { deletedAnswer, deletedResult } from '../../../values/results.ts';
import { ownExport } from './bulk.exports.ts';
import { deleteExport } from './bulk.job.ts';

const cancelInput = z.object({ organizationId: id().optional(), id: id() });

/**
 * DELETE /fhir/R4/$export-status/{id}: cancels an export (or removes a finished one) with its
 * files; its status is 404 after. A page the job is writing meanwhile is not kept (bulk.job.ts).
 */
export const bulkExportCancel = defineOperation({
  namespace: 'fhir',
  name: 'bulkExportCancel',
  summary: 'Cancel a FHIR Bulk Data export and remove its files (DELETE /fhir/R4/$export-status/{id})',
  audience: member(),
  permission: 'export',
  tokenRequired: true,
  writes: true,
  organizationOf: organizationOfRecord<z.output<typeof cancelInput>>('fhirBulkExports', 'id', 'export'),
  input: cancelInput,
  output: deletedResult,
  async handler(ctx, input) {
    const row = await ownExport(ctx, input.id);
    await deleteExport(ctx.db, row.organizationId, row.id);
    return deletedAnswer(row.id);
  },
});
