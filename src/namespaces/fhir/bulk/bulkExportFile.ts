import { z } from 'zod';
import { organizationOfRecord } from '../../../access/organization.ts';
import { member } from '../../../operations/audience.ts';
import { defineOperation } from '../../../operations/operation.ts';
import { notFound } from '../../../values/errors.ts';
import { id } from '../../../values/fields.ts';
import { ownExport } from './bulk.exports.ts';
import { BulkFile, NDJSON } from './bulk.file.ts';
import { planOf } from './bulk.plan.ts';
import { exportableType } from './bulk.types.ts';

const fileInput = z.object({ organizationId: id().optional(), id: id(), type: z.string().max(64) });

/**
 * GET /fhir/R4/$export-file/{id}/{type}.ndjson: one file of a finished export, the resources of
 * one type as NDJSON, to the caller who asked for the export, until it expires. Every patient of
 * the file goes to the read log as it is sent.
 */
export const bulkExportFile = defineOperation({
  namespace: 'fhir',
  name: 'bulkExportFile',
  summary: 'One NDJSON file of a finished FHIR Bulk Data export (GET /fhir/R4/$export-file/{id}/{type}.ndjson)',
  audience: member(),
  permission: 'export',
  tokenRequired: true,
  readsPatientData: true,
  reads: { records: (file: BulkFile) => file },
  // A file, not an envelope: GET /fhir/R4/$export-file/{id}/{type}.ndjson, and (as every file answer) POST at this path with the data.
  streamed: { path: '/fhir/R4/$export-file', contentTypes: [NDJSON], answer: 'the resources of one type of a finished export, one a line' },
  organizationOf: organizationOfRecord<z.output<typeof fileInput>>('fhirBulkExports', 'id', 'export'),
  input: fileInput,
  async handler(ctx, input) {
    const row = await ownExport(ctx, input.id);
    const type = exportableType(input.type);
    if (row.state !== 'done' || !planOf(row.types).types.includes(input.type) || !type) throw notFound('file');
    return new BulkFile(ctx.db, { organizationId: row.organizationId, exportId: row.id, type: input.type, patientData: type.patientData !== undefined });
  },
});
