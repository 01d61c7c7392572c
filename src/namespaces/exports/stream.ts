import { z } from 'zod';
import { recordAudit } from '../../audit-trail/trail.ts';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { AppError } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { findOrganizationById } from '../organizations/organizations.public.ts';
import { ExportReads } from './exports.reads.ts';
import { CONTENT_TYPES, countRows, EXPORTABLE, ExportStream, linesOf, rowsOf, type ExportResource } from './exports.stream.ts';

/**
 * Extension: an organization's records of one kind, all of them, streamed by `POST /export` (the
 * same body): NDJSON or CSV of the stored columns, or FHIR R4 NDJSON where a mapping exists. The
 * total is known before the first line (`x-export-total`), so a client can show progress. Called
 * through /api it answers BAD_REQUEST (a stream is no envelope). Each export is in the audit trail,
 * and the patients of its rows in the read log as they are sent (exports.reads.ts).
 */
export const stream = defineOperation({
  namespace: 'exports',
  name: 'stream', audience: member(), readsPatientData: true, reads: { records: (stream: ExportStream) => stream.reads },
  summary: "Stream an organization's records (NDJSON, CSV or FHIR R4) through POST /export",
  streamed: { path: '/export', contentTypes: Object.values(CONTENT_TYPES), answer: 'the records, streamed one a line (CSV: a header line first), with X-Export-Total' },
  input: z.object({
    organizationId: id(),
    resource: z.enum(Object.keys(EXPORTABLE) as [ExportResource, ...ExportResource[]]),
    format: z.enum(['ndjson', 'csv', 'fhir']).default('ndjson'),
  }),
  async handler(ctx, input) {
    if (input.format === 'fhir' && !EXPORTABLE[input.resource].fhir) {
      const fhirReady = Object.entries(EXPORTABLE).filter(([, v]) => v.fhir).map(([k]) => k);
      throw new AppError('VALIDATION_FAILED', `format fhir is for ${fhirReady.join(', ')}`, { details: [{ path: 'format', message: `fhir is for ${fhirReady.join(', ')}` }] });
    }
    const organization = await findOrganizationById(ctx.db, input.organizationId);
    const timeZone = organization?.timezone ?? ctx.config.timeZone;
    const total = await countRows(ctx.db, input.resource, input.organizationId);
    await recordAudit(ctx.db, ctx, { operation: `exports.stream:${input.resource}:${input.format}`, recordId: null, organizationId: input.organizationId });
    const reads = new ExportReads(input.resource);
    const rows = reads.tap(rowsOf(ctx.db, input.resource, input.organizationId));
    return new ExportStream(total, input.format, input.resource, linesOf(rows, input.format, input.resource, timeZone), reads);
  },
});
